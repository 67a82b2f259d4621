"""The static files' storage under the manifest: WhiteNoise's compressed, hashed files, with the
scripts' ES module imports (`import ... from "./cards.js"`) rewritten to the hashed names too,
so that a module and everything it imports are cached for a year and change together."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class MesaStaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
