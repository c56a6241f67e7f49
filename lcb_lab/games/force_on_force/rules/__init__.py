"""The rules of the *Force on Force* fragment, one module per subject of the text: the Reaction
Test (:mod:`.reaction`), chains (:mod:`.chain`), Overwatch (:mod:`.overwatch`), spotting and
hiding (:mod:`.spotting`), the breach (:mod:`.breach`), crossings (:mod:`.crossing`), the Fog of
War draw (:mod:`.fog_of_war`) and the sandbox combat resolution (:mod:`.combat`)."""
