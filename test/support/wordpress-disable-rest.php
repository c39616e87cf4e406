<?php
/*
 * Must-use plugin of a test WordPress started with `disableRestApi`: what "Disable REST API" plugins do,
 * refusing every REST request, authenticated or not.
 */
add_filter('rest_authentication_errors', function () {
    return new WP_Error('rest_disabled', 'The REST API has been disabled by a plugin.', ['status' => 403]);
}, 1000);
