"""The production storage of static files."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class ModuleCompressedManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed, content-hashed storage that also rewrites the relative imports of native
    JavaScript modules (static/js/goldfish/*.js: `import { x } from "./y.js";`) to the hashed names, so that a
    module and everything it imports are cached for good together and change together."""

    support_js_module_import_aggregation = True
