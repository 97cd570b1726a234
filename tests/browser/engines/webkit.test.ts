import { launchWebKit } from './webkit.ts';
import { mainPaths } from './mainPaths.ts';

// The visitor's main paths in WebKitGTK over HTTP and HTTPS (decision 040).
mainPaths(launchWebKit);
