"""Screens over the machine: help, game recall, paytable choice and dialogs."""
