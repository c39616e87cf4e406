<?php
/*
 * Installs a fresh test WordPress in an empty database (run by test/support/wordpress-server.ts with the
 * instance's environment) and prints what the tests need as JSON: the admin's application password.
 */
define('WP_INSTALLING', true);
$url = getenv('LBM_WP_URL');
$_SERVER['HTTP_HOST'] = parse_url($url, PHP_URL_HOST) . ':' . parse_url($url, PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';
require getenv('LBM_WP_ROOT') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

$installed = wp_install(
    'LBM Test Site',
    getenv('LBM_WP_ADMIN_USER'),
    'admin@example.com',
    false,
    '',
    wp_slash(getenv('LBM_WP_ADMIN_PASSWORD'))
);
$userId = $installed['user_id'];

global $wp_rewrite;
$wp_rewrite->set_permalink_structure(getenv('LBM_WP_PRETTY') === '1' ? '/%postname%/' : '');
$wp_rewrite->flush_rules(false);
switch_theme('twentytwentyone');
// Viewer-facing times in the tests are UTC, so a scheduled post's date reads back unchanged.
update_option('timezone_string', 'UTC');

$created = WP_Application_Passwords::create_new_application_password($userId, ['name' => 'LBM Studio tests']);
if (is_wp_error($created)) {
    fwrite(STDERR, $created->get_error_message());
    exit(1);
}
echo json_encode(['userId' => $userId, 'applicationPassword' => $created[0]]);
