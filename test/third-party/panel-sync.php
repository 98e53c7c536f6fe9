<?php
// The provider-sync routine of an open-source PHP SMM panel, in its essentials: it asks a provider's
// API v2 for `services`, orders them by id (`$a->service - $b->service`, as the panel does) and keeps
// each as the panel's own row: integer id, float rate per 1000, integer min and max. Any PHP error
// (a TypeError on a text id) ends the sync, as it does in the panel's cron job.
function provider_services($url, $key)
{
    $ch = curl_init($url);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, 1);
    curl_setopt($ch, CURLOPT_POST, 1);
    curl_setopt($ch, CURLOPT_POSTFIELDS, http_build_query(['key' => $key, 'action' => 'services']));
    $body = curl_exec($ch);
    curl_close($ch);
    return json_decode($body);
}

try {
    $services = provider_services($argv[1], $argv[2]);
    if (!is_array($services)) {
        throw new RuntimeException('provider answered ' . json_encode($services));
    }
    usort($services, function ($a, $b) {
        return $a->service - $b->service;
    });
    $rows = [];
    foreach ($services as $service) {
        $rows[] = [
            'api_service_id' => (int)$service->service,
            'name' => (string)$service->name,
            'category' => (string)$service->category,
            'type' => (string)$service->type,
            'rate' => (float)$service->rate,
            'min' => (int)$service->min,
            'max' => (int)$service->max,
            'refill' => (bool)$service->refill,
            'cancel' => (bool)$service->cancel,
        ];
    }
    echo json_encode(['rows' => $rows]);
} catch (Throwable $e) {
    echo json_encode(['php_error' => get_class($e) . ': ' . $e->getMessage()]);
}
