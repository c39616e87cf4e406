/**
 * cognito-local bundles the v2 AWS SDK, which announces its end of life on every start, and the v3 SDK
 * warns that future releases need Node 22. Neither is actionable for someone running the app or a
 * benchmark locally, so the command-line entry points hide exactly those two.
 */
export function quietSdkWarnings(): void {
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name !== 'NodeVersionSupportWarning') console.warn(warning);
  });
}
