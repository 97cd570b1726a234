vcl 4.1;

# Varnish in front of the site's instances (docs/deploy.md, decisions 027 and 034). Needs
# Varnish 7 and varnish-modules (xkey). What it does:
# - keeps pages, their `?_data=` twins, feeds and crawler files for their s-maxage (a day when
#   the instances are configured with VARNISH_URLS) and indexes each copy by its Surrogate-Key;
#   a 404 (or another cacheable 4xx) for a minute at most;
# - keys a copy by what changes the page: the path and the query parameters the instances read
#   (`page`, `serviceType`, `_data`, `element_anchor_id`); marketing parameters (utm_*, yclid,
#   gclid, fbclid, _ym_*: read in the browser, §5) and any other parameter are left out of the
#   key and of the fetch, and a redirect gets the visitor's marketing parameters back;
# - never keeps what belongs to one request: a copy has no X-Request-Id and no Server-Timing, and
#   every answer carries the id of its own request;
# - a publish purges by tag: the instances send `PURGE` with `xkey-softpurge: <tags>` from the
#   addresses in `purgers` AND with the shared secret in `X-Purge-Secret` (read from the file
#   the deploy writes, below); a purged copy is served once more while one fetch replaces it;
# - when no instance is healthy (probe on /readyz), serves what it has for up to a week;
# - passes an editor's preview (its cookie), a page with the visitor's own form result, form
#   posts and uploads, and never stores an answer the instance marked private or no-store;
# - keeps an HTTPS copy apart from a plain-HTTP one (the scheme the TLS terminator in front names
#   in X-Forwarded-Proto): HSTS and `upgrade-insecure-requests` are HTTPS-only (decision 037);
# - strips the tag headers before the visitor.

import std;
import directors;
import xkey;

# BEGIN BACKENDS: one backend per instance and the director over them. The test
# (tests/varnish/) and a deploy write this block for their own addresses.
probe readiness {
    .request = "GET /readyz HTTP/1.1"
        "Host: localhost"
        "Connection: close"
        "User-Agent: varnish-probe";
    .expected_response = 200;
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend instance1 {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = readiness;
    .first_byte_timeout = 15s;
}

backend instance2 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = readiness;
    .first_byte_timeout = 15s;
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(instance1);
    site.add_backend(instance2);
}
# END BACKENDS

# Who may purge: the instances' addresses, and only with the purge secret (site_purge). The
# address alone is not enough: a TLS terminator or load balancer in front makes every visitor
# arrive from one of these addresses (decision 034).
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_recv {
    set req.backend_hint = site.backend();
    # Varnish's own working headers: never what a visitor sent.
    unset req.http.x-campaign;
    unset req.http.x-query;
    call site_request_id;

    if (req.method == "PURGE") {
        call site_purge;
    }

    # Form posts, uploads, the revalidation webhook: straight to an instance.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The editor's preview cookie (server/features/preview/previewCookie.ts): its pages are nobody else's.
    if (req.http.Cookie ~ "(^|;\s*)verf_preview=") {
        return (pass);
    }
    if (req.http.Authorization || req.url ~ "^/(api/|healthz|readyz|metrics)") {
        return (pass);
    }
    # A page showing a form's result after a post without JavaScript is the visitor's own, read
    # with its cookie (server/features/leads/forms/formResults.ts, decision 030).
    if (req.url ~ "[?&]_result=") {
        return (pass);
    }
    # No other cookie changes what the site answers: without this, every visitor with an
    # analytics cookie would bypass the cache.
    unset req.http.Cookie;
    call site_cache_key;
    # Two schemes, two copies: anything but "https" is plain HTTP, so no visitor makes a third.
    if (req.http.X-Forwarded-Proto != "https") {
        set req.http.X-Forwarded-Proto = "http";
    }

    # A copy in grace is served while one fetch replaces it (Varnish's grace mode). With a
    # healthy instance, at most a minute past its lifetime or its purge; with none, for as long
    # as the copy is kept (beresp.grace below).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    return (hash);
}

# The built-in key (URL and host) and the scheme: an HTTPS answer carries HSTS, which a
# plain-HTTP visitor must not get (RFC 6797 §7.2), and a plain one lacks it.
sub vcl_hash {
    hash_data(req.http.X-Forwarded-Proto);
}

# Each request's own id, as the instance takes a proxy's (server/platform/http/accessLog.ts keeps
# an X-Request-Id of this shape): the one a TLS terminator sent, else Varnish's own. The
# instance logs a miss under it and vcl_deliver answers with it, hit or miss.
sub site_request_id {
    if (req.http.X-Request-Id !~ "^[\w.:-]{1,128}$") {
        set req.http.X-Request-Id = "varnish-" + req.xid;
    }
}

# The secret is the file the deploy writes with the instances' VARNISH_PURGE_SECRET (decision
# 034: Varnish 7.1 reads no environment; std.fileread reads the file once per loaded VCL, so a
# new secret takes a `varnishreload`). A missing or empty file refuses every purge.
sub site_purge {
    if (!client.ip ~ purgers) {
        return (synth(403, "Forbidden"));
    }
    if (regsub(std.fileread("/etc/varnish/purge-secret"), "\s+$", "") == ""
        || req.http.X-Purge-Secret != regsub(std.fileread("/etc/varnish/purge-secret"), "\s+$", "")) {
        return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-softpurge) {
        set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
    } else if (req.http.xkey-purge) {
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    } else {
        return (synth(400, "xkey-softpurge or xkey-purge header required"));
    }
    return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
}

# The cache key is the path and the parameters an instance reads (shared/routes/queryParams.ts,
# `_data` shared/routes/dataRequest.ts, `element_anchor_id` server/features/pages/routing/elementAnchor.ts;
# tests/varnish/vclQuery.test.ts keeps this list equal to the code's), sorted. Every other
# parameter leaves the page as it is, so it leaves the key and the fetch too: one copy for
# every campaign and every scanner's junk (decision 034). The marketing ones are kept aside
# for a redirect's Location (site_campaign_location).
sub site_cache_key {
    if (req.url !~ "\?") {
        return;
    }
    set req.http.x-query = regsub(req.url, "^[^?]*\?", "&");
    set req.http.x-campaign = regsub(regsuball(req.http.x-query,
        "&(?!(?:utm_[^&=]*|yclid|gclid|fbclid|_ym_[^&=]*)(?:[=&]|$))[^&]*", ""), "^&", "");
    set req.http.x-query = regsub(regsuball(req.http.x-query,
        "&(?!(?:page|serviceType|_data|element_anchor_id)(?:[=&]|$))[^&]*", ""), "^&", "");
    set req.url = regsub(req.url, "\?.*$", "");
    if (req.http.x-query != "") {
        set req.url = std.querysort(req.url + "?" + req.http.x-query);
    }
    unset req.http.x-query;
    if (req.http.x-campaign == "") {
        unset req.http.x-campaign;
    }
}

sub vcl_backend_fetch {
    # Kept for the visitor's redirect, not the instance's business.
    unset bereq.http.x-campaign;
}

sub vcl_backend_response {
    # What belongs to the request that fetched a copy is not the next visitor's: its id and its
    # trace (Server-Timing's traceparent, which the web-vitals beacon reports). vcl_deliver
    # gives every answer its own request's id. A pass is one visitor's: kept as sent.
    if (!bereq.uncacheable) {
        unset beresp.http.X-Request-Id;
        unset beresp.http.Server-Timing;
    }
    # xkey indexes the `xkey` header of the stored object.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # An instance that fails during a background refresh leaves the copy in place.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # What Varnish's built-in VCL would do, which `return (deliver)` below skips: an answer the
    # instance marked private, no-store or no-cache, or one setting a cookie, is nobody else's.
    # Kept only as "hit-for-miss" for two minutes, so that requests for it are not queued.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)") {
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # A 404 (and the other cacheable 4xx: 410, 414) for a minute at most, whatever its s-maxage:
    # every random path is one, and a day of each would fill the store (decision 034). A publish
    # still purges one sooner by its tags.
    if (beresp.status >= 400 && beresp.ttl > 60s) {
        set beresp.ttl = 60s;
        set beresp.grace = 60s;
        set beresp.keep = 0s;
        return (deliver);
    }
    if (beresp.ttl > 0s && beresp.status < 400) {
        # stale-if-error: served for a week while no instance answers.
        set beresp.grace = 7d;
        set beresp.keep = 1d;
    }
    return (deliver);
}

sub vcl_deliver {
    # The tags are for the caches, not for visitors.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    set resp.http.X-Request-Id = req.http.X-Request-Id;
    call site_campaign_location;
    return (deliver);
}

sub vcl_synth {
    # Varnish's own answers (a refused purge) carry the request's id like every other.
    set resp.http.X-Request-Id = req.http.X-Request-Id;
}

# The instance keeps the query on a redirect (§2, server/features/pages/routing/); it was fetched without the
# marketing parameters (site_cache_key), so they are put back into a same-site Location,
# before its fragment: §5's capture reads them on the page the visitor lands on.
sub site_campaign_location {
    if (req.http.x-campaign && resp.status >= 301 && resp.status <= 308 && resp.http.Location ~ "^/(?![/\\])") {
        if (resp.http.Location ~ "^[^#]*\?") {
            set req.http.x-campaign = "&" + req.http.x-campaign;
        } else {
            set req.http.x-campaign = "?" + req.http.x-campaign;
        }
        set resp.http.Location = regsub(resp.http.Location, "#.*$", "") + req.http.x-campaign + regsub(resp.http.Location, "^[^#]*", "");
    }
}
