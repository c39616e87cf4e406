import { describeViewport, startAccessibilityApp } from './support/accessibility-suite';

/** The accessibility suite on a phone viewport (support/accessibility-suite.ts). */

startAccessibilityApp();

describeViewport({ name: 'phone', mobile: true });
