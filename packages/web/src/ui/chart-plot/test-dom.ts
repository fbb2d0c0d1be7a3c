import { installDomShims } from '../../test-support/dom-shims';

// uPlot reads the screen's pixel ratio through matchMedia as soon as it is imported.
installDomShims();
