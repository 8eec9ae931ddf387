"""The Textual screen of the machine: renders engine state, sends intents, decides nothing."""
