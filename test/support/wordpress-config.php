<?php
/*
 * wp-config.php of the test WordPress (test/support/wordpress-server.ts). The cached WordPress tree is
 * shared by every instance, so each value comes from the environment of the php process serving one
 * instance: its own database, URL and wp-content folder.
 */
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', getenv('LBM_WP_DB_HOST'));
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
$table_prefix = 'wp_';

define('WP_HOME', getenv('LBM_WP_URL'));
define('WP_SITEURL', getenv('LBM_WP_URL'));
define('WP_CONTENT_DIR', getenv('LBM_WP_CONTENT_DIR'));
define('WP_CONTENT_URL', getenv('LBM_WP_URL') . '/wp-content');

// 'local' lets Application Passwords work over plain http (wp_is_application_passwords_available()).
define('WP_ENVIRONMENT_TYPE', 'local');

$salt = getenv('LBM_WP_SALT');
foreach (['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE'] as $name) {
    define($name . '_KEY', hash('sha256', $name . 'key' . $salt));
    define($name . '_SALT', hash('sha256', $name . 'salt' . $salt));
}

// A test site never calls out (update checks, pingbacks) and never runs cron in a request.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('FS_METHOD', 'direct');
define('WP_DEBUG', false);
define('WP_DEBUG_DISPLAY', false);

if (!defined('ABSPATH')) {
    define('ABSPATH', getenv('LBM_WP_ROOT') . '/');
}
require_once ABSPATH . 'wp-settings.php';
