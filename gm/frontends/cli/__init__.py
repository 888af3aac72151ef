"""The command-line door: ``gm`` (``main``), ``gm play`` (``terminal``), ``gm verify``
(``verify``), ``gm prompts`` (``prompts``) and the README's board pictures
(``picture_examples``)."""
