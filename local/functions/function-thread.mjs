// The entry of a function's worker thread (function-host.ts). Plain JavaScript: it registers tsx, so
// the handler and everything it imports load from source, like `npm start` itself, then hands over to
// function-runner.ts.
import { register } from 'tsx/esm/api';

register();
await import('./function-runner.ts');
