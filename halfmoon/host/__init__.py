"""Code that runs only on the host, never in the browser: the command line
(``python -m halfmoon``) and what the site build computes for the rules and examples
pages.  The site's build ships every module of ``halfmoon`` except this package and
``halfmoon/__main__.py``."""
