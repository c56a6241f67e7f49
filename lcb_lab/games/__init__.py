"""The rule systems taught on the kernel, one package each."""
