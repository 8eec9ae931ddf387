"""Tools on a paytable: the pay that brings its return to a target and what two tables differ in
(target), and a progressive's return at any meter and its breakeven meter (progressive)."""
