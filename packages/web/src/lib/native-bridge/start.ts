// Imported once by the entry point, before the app renders: connects to an embedding app, if any.
import { installNativeBridge } from './install';

installNativeBridge();
