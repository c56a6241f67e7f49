"""LC:B's teaching content: lessons, staged situations, worked examples, golden transcripts."""
