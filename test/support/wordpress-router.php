<?php
/*
 * Router for `php -S`: what Apache and WordPress's .htaccess do on a real site. wp-content (uploads,
 * themes) is served from the instance's own folder; existing files are served as they are; everything
 * else goes to index.php when the site has pretty permalinks, and is a plain 404 when it has not (a site
 * without rewrite rules, where only ?rest_route= reaches the REST API).
 */
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
if (str_contains($path, '..')) {
    http_response_code(400);
    return true;
}

if (str_starts_with($path, '/wp-content/')) {
    $file = getenv('LBM_WP_CONTENT_DIR') . substr($path, strlen('/wp-content'));
    if (!is_file($file) || str_ends_with($file, '.php')) {
        http_response_code(404);
        return true;
    }
    $types = ['css' => 'text/css', 'js' => 'application/javascript', 'svg' => 'image/svg+xml'];
    $extension = strtolower(pathinfo($file, PATHINFO_EXTENSION));
    header('Content-Type: ' . ($types[$extension] ?? mime_content_type($file)));
    header('Content-Length: ' . filesize($file));
    readfile($file);
    return true;
}

$root = $_SERVER['DOCUMENT_ROOT'];
if ($path === '/' || is_file($root . $path) || is_file(rtrim($root . $path, '/') . '/index.php')) {
    return false;
}
if (getenv('LBM_WP_PRETTY') !== '1') {
    http_response_code(404);
    header('Content-Type: text/html; charset=UTF-8');
    echo '<html><body><h1>Not Found</h1></body></html>';
    return true;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
require $root . '/index.php';
