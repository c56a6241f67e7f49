"""The optional rules (17.0, and 7.514's CIWS) as switches a scenario or lesson turns on.

``switches`` holds the registry (:data:`switches.OPTIONAL_RULES`: rule number -> name and a
paraphrase) and :func:`switches.is_on`; each optional rule's mechanics live in a module of
this package named for the rule, and are consulted only where ``is_on`` says so.
"""
