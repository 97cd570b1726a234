vcl 4.1;

# Varnish in front of the site's instances (docs/deploy.md, decision 027). Needs Varnish 7 and
# varnish-modules (xkey). What it does:
# - keeps pages, their `?_data=` twins, feeds and crawler files for their s-maxage (a day when
#   the instances are configured with VARNISH_URLS) and indexes each copy by its Surrogate-Key;
# - a publish purges by tag: the instances send `PURGE` with `xkey-softpurge: <tags>` (only from
#   the addresses in `purgers`); a purged copy is served once more while one fetch replaces it;
# - when no instance is healthy (probe on /readyz), serves what it has for up to a week;
# - passes an editor's preview (its cookie), a page with the visitor's own form result, form
#   posts and uploads, and never stores an answer the instance marked private or no-store;
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

# Who may purge: the instances (each purges after it revalidated its own caches).
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_recv {
    set req.backend_hint = site.backend();

    if (req.method == "PURGE") {
        if (!client.ip ~ purgers) {
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

    # Form posts, uploads, the revalidation webhook: straight to an instance.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The editor's preview cookie (server/preview/previewCookie.ts): its pages are nobody else's.
    if (req.http.Cookie ~ "(^|;\s*)verf_preview=") {
        return (pass);
    }
    if (req.http.Authorization || req.url ~ "^/(api/|healthz|readyz|metrics)") {
        return (pass);
    }
    # A page showing a form's result after a post without JavaScript is the visitor's own, read
    # with its cookie (server/forms/formResults.ts, decision 030).
    if (req.url ~ "[?&]_result=") {
        return (pass);
    }
    # No other cookie changes what the site answers: without this, every visitor with an
    # analytics cookie would bypass the cache.
    unset req.http.Cookie;

    # A copy in grace is served while one fetch replaces it (Varnish's grace mode). With a
    # healthy instance, at most a minute past its lifetime or its purge; with none, for as long
    # as the copy is kept (beresp.grace below).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    return (hash);
}

sub vcl_backend_response {
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
    if (beresp.ttl > 0s) {
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
    return (deliver);
}
