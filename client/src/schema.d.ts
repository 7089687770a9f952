// Generated from the service's OpenAPI document by `npm run client:generate` (scripts/generate-client.ts).
// Do not edit: `npm test` fails when this file differs from what the document gives.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The search page (HTML): autocomplete, keyword and semantic search, market pages with live prices
         * @description Its scripts and styles are under /assets/. Built by `npm run build`; a service started from unbuilt sources answers 404 here.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description The page is not built (run npm run build) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List keys (never their values) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Keys */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "keys": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "key_prefix": "key-prefix",
                         *           "user_id": "user-id",
                         *           "kind": "test",
                         *           "plan": "free",
                         *           "rate_limit_per_minute": 20,
                         *           "label": "my dashboard",
                         *           "created_at": "2026-12-10T19:00:00Z",
                         *           "expires_at": "2026-12-10T19:00:00Z",
                         *           "revoked_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            keys: components["schemas"]["KeySummary"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key is not of plan admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Issue a production key (300 requests/minute, permanent until revoked) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "plan": "free",
                     *       "email": "client@example.com",
                     *       "user_id": "user-id",
                     *       "label": "my dashboard"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        plan: "free" | "pro" | "max" | "enterprise" | "admin";
                        /**
                         * Format: email
                         * @description Owner; the user is created when the email is new
                         */
                        email?: string;
                        /** @description Owner by id (instead of email) */
                        user_id?: string;
                        label?: string;
                    };
                };
            };
            responses: {
                /** @description Issued */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "7d9f3a1c",
                         *       "api_key": "pk_test_0123456789abcdef",
                         *       "user_id": "user-id",
                         *       "plan": "free",
                         *       "rate_limit_per_minute": 20,
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "expires_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["IssuedKey"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key is not of plan admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example 7d9f3a1c */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "7d9f3a1c",
                         *       "revoked": true
                         *     }
                         */
                        "application/json": {
                            id: string;
                            /** @enum {boolean} */
                            revoked: true;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key is not of plan admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such live key */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/{exchange}/{market_id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Order-book analytics of the current book: spread, mid, microprice, depth within 1/5/10 cents, imbalance */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "best_bid": 0.42,
                         *       "best_ask": 0.42,
                         *       "bid_size": 0.42,
                         *       "ask_size": 0.42,
                         *       "spread": 1250.5,
                         *       "mid": 1250.5,
                         *       "microprice": 0.42,
                         *       "imbalance": 1250.5,
                         *       "depth": {
                         *         "1c": {
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "imbalance": 1250.5
                         *         },
                         *         "5c": {
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "imbalance": 1250.5
                         *         },
                         *         "10c": {
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "imbalance": 1250.5
                         *         }
                         *       },
                         *       "bid_levels": 20,
                         *       "ask_levels": 20,
                         *       "timestamp": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["BookAnalytics"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market, or the venue has no order book (no analytics operation) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/{exchange}/{market_id}/bbo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Best bid/ask series (recorded): one point per change of the top of book
         * @description Each point is the top of book from that instant until the next point. start and end: ISO 8601 or unix seconds; end defaults to now, start to a day before end. Only markets the recorder tracks (RECORDER_MARKETS) have recorded rows; others answer an empty page.
         */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /** @description Page size, 1..10000 (default 1000) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "bbo": [
                         *         {
                         *           "timestamp": "2026-12-10T19:00:00Z",
                         *           "best_bid": 0.42,
                         *           "best_ask": 0.42,
                         *           "bid_size": 0.42,
                         *           "ask_size": 0.42,
                         *           "mid": 1250.5,
                         *           "spread": 1250.5
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["BboSeries"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market, or the venue has no order book (no bbo operation) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in; returns a session token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "email": "client@example.com",
                     *       "password": "correct horse battery"
                     *     }
                     */
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Session */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "token": "token",
                         *       "expires_at": "2026-12-10T19:00:00Z",
                         *       "user": {
                         *         "id": "7d9f3a1c",
                         *         "email": "client@example.com",
                         *         "created_at": "2026-12-10T19:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            token: string;
                            expires_at: string;
                            user: components["schemas"]["User"];
                        };
                    };
                };
                /** @description Invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong email or password (the same answer for both) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Logged out */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "logged_out": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            logged_out: true;
                        };
                    };
                };
                /** @description Missing, unknown, expired or logged-out session token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user of the session token */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Current user */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "user": {
                         *         "id": "7d9f3a1c",
                         *         "email": "client@example.com",
                         *         "created_at": "2026-12-10T19:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            user: components["schemas"]["User"];
                        };
                    };
                };
                /** @description Missing, unknown, expired or logged-out session token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "email": "client@example.com",
                     *       "password": "correct horse battery"
                     *     }
                     */
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "user": {
                         *         "id": "7d9f3a1c",
                         *         "email": "client@example.com",
                         *         "created_at": "2026-12-10T19:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            user: components["schemas"]["User"];
                        };
                    };
                };
                /** @description Invalid email or password shorter than 10 characters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Email already registered */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your balances on a venue (live, with your stored credentials)
         * @description Read from the venue at each call: `available` is what new orders can spend, `total` includes what open orders hold (null when the venue does not say), amounts in the currency named (USD, or the venue's dollar stablecoin at par). Venues with balances: kalshi, polymarket, opinion, futuur. Without a balances read: limitless, predictfun (their balances live on-chain only; 404 naming the venue).
         */
        get: {
            parameters: {
                query: {
                    /**
                     * @description A venue with trading
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "balances": [
                         *         {
                         *           "currency": "currency",
                         *           "available": 1250.5,
                         *           "total": 1250.5
                         *         }
                         *       ],
                         *       "count": 20
                         *     }
                         */
                        "application/json": components["schemas"]["Balances"];
                    };
                };
                /** @description Unknown or non-trading exchange, or no stored credentials */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue has no balances operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue refused the stored credentials */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is down or failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Your stored credentials are encrypted with a key this instance lacks: a rotation of the credentials key is in progress (the message names the key id and what to do; /health shows `credentials` degraded) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The category vocabulary with market counts
         * @description Every word the `category` field and filter use across the nine venues (each market's own venue word is its `venue_category`), in vocabulary order, with the listed markets of each; `exchange` counts only those venues.
         */
        get: {
            parameters: {
                query?: {
                    /** @description One exchange code or several, comma-separated (e.g. kalshi,polymarket) */
                    exchange?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "categories": [
                         *         {
                         *           "category": "politics",
                         *           "description": "description",
                         *           "markets": 20,
                         *           "open_markets": 20
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["CategoryList"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Browse the clusters of equivalent markets with their live prices, best YES/NO asks and the gap between venues
         * @description Plans: pro, max, admin. Quotes come only from what the service holds (stream books and live reads in memory, the recorder, the catalog's last sync), never a venue call per cluster; each says its age, and one older than its venue's freshness bound is `stale` and never counts for `best`. Cursors are snapshots: the first page stores the order of the whole listing and next_cursor names it with an offset, so later pages continue that order (with current quotes) and no cluster is repeated or skipped while prices move; a cluster dissolved since is left out. A cursor lasts 10 minutes and only with the first page's filters and sort.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only this cluster (one cluster's quotes, best legs and gap, as a compare view reads them); a merged-away svc_id is not followed */
                    svc_id?: string;
                    /** @description Words, every one of them (English stems) in the cluster's title or a member's title */
                    q?: string;
                    /** @description One category of the shared vocabulary (GET /api/v1/categories lists them with counts); each result's `venue_category` keeps the venue's own word */
                    category?: "politics" | "crypto" | "sports" | "economics" | "finance" | "tech" | "science" | "climate" | "world" | "culture" | "other";
                    /** @description Only clusters that list EVERY venue named: repeat the parameter (exchange=kalshi&exchange=polymarket) or separate codes with commas */
                    exchange?: (string | string[]) & (string | ("kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit")[]);
                    /** @description Clusters with at least this many member markets the catalog holds (open ones with active_only); default 2 */
                    min_venues?: number;
                    /** @description true: count only open members toward min_venues (a cluster needs that many open markets) */
                    active_only?: boolean;
                    /** @description the cluster's confidence (its weakest link) at least this */
                    min_confidence?: number;
                    /** @description gap at least this (e.g. 0.01: one cent per contract before fees); clusters without a gap are left out */
                    min_gap?: number;
                    /** @description gap (default, largest first), volume (summed over members), venues (member count), confidence, updated (freshest quote first); ties by svc_id */
                    sort?: "gap" | "volume" | "venues" | "confidence" | "updated";
                    limit?: number;
                    /** @description next_cursor of the previous page, with the same other parameters */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "items": [
                         *         {
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "category": "economics",
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "market_count": 20,
                         *           "exchanges": [
                         *             "kalshi"
                         *           ],
                         *           "confidence": 0.42,
                         *           "volume": 1250.5,
                         *           "quoted_at": "2026-12-10T19:00:00Z",
                         *           "quotes": [
                         *             {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "title": "Will the Fed cut rates in December 2026?",
                         *               "url": "https://example.com/market",
                         *               "status": "status",
                         *               "yes_bid": 0.42,
                         *               "yes_ask": 0.42,
                         *               "last_price": 0.42,
                         *               "volume": 1250.5,
                         *               "as_of": "2026-12-10T19:00:00Z",
                         *               "age_seconds": 20,
                         *               "stale": false,
                         *               "source": "stream"
                         *             }
                         *           ],
                         *           "best": {
                         *             "yes_ask": {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "price": 0.42,
                         *               "fee": 1250.5
                         *             },
                         *             "no_ask": {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "price": 0.42,
                         *               "fee": 1250.5
                         *             }
                         *           },
                         *           "gap": 1250.5,
                         *           "gap_after_fees": 1250.5,
                         *           "fees_complete": false
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "total": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["ClusterList"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The plan of the key has no svc lookups (pro, max, admin) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{cluster_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A cluster by its internal key */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example clu_abcdefgh2345 */
                    cluster_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "svc_id": "svc_3f9a2c7d1e",
                         *       "cluster_id": "c_000042",
                         *       "title": "Will the Fed cut rates in December 2026?",
                         *       "canonical": {
                         *         "exchange": "kalshi",
                         *         "market_id": "KXFEDDECISION-26DEC-C25",
                         *         "url": "https://example.com/market"
                         *       },
                         *       "market_count": 20,
                         *       "exchanges": [
                         *         "kalshi"
                         *       ],
                         *       "category": "economics",
                         *       "close_time": "2026-12-10T19:00:00Z",
                         *       "confidence": 0.42,
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z",
                         *       "merged_into": "merged-into",
                         *       "members": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "url": "https://example.com/market",
                         *           "match": {
                         *             "confidence": 0.42,
                         *             "method": "judge",
                         *             "reasons": [
                         *               "reason"
                         *             ]
                         *           }
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Cluster"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown cluster_id */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events across venues (catalog)
         * @description Only venues that have the events operation are served (the same venues whose /api/v1/{exchange}/events answers); naming one that lacks it is a 404 naming the operation.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated categories (case-insensitive); a market matching any of them is listed */
                    category?: string;
                    /** @description Comma-separated venue codes */
                    exchange?: string;
                    /** @description Page size, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "events": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "event_id": "KXFEDDECISION-26DEC",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "subtitle": "subtitle",
                         *           "category": "economics",
                         *           "status": "open",
                         *           "venue_status": "venue-status",
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "market_count": 20,
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            events: components["schemas"]["VenueEvent"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A venue named in exchange has no events operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event by id (first venue holding it, or the one named by exchange)
         * @description Only venues that have the events operation are served (the same venues whose /api/v1/{exchange}/events answers); naming one that lacks it is a 404 naming the operation.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Venue code (path segment) */
                    exchange?: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                };
                header?: never;
                path: {
                    /** @example KXFEDDECISION-26DEC */
                    event_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "event_id": "KXFEDDECISION-26DEC",
                         *       "title": "Will the Fed cut rates in December 2026?",
                         *       "subtitle": "subtitle",
                         *       "category": "economics",
                         *       "status": "open",
                         *       "venue_status": "venue-status",
                         *       "close_time": "2026-12-10T19:00:00Z",
                         *       "market_count": 20,
                         *       "updated_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["VenueEvent"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown event, or the named venue has no events operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling API key: its plan and rate limit */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The key */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "key_id": "key-id",
                         *       "user_id": "user-id",
                         *       "kind": "test",
                         *       "plan": "free",
                         *       "rate_limit_per_minute": 20
                         *     }
                         */
                        "application/json": components["schemas"]["CurrentKey"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/match/explain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the matcher says of two catalog markets: relation, score, fingerprints side by side, veto or reasons */
        get: {
            parameters: {
                query: {
                    /** @example kalshi:KXBTC-26DEC31-150000 */
                    a: string;
                    /** @example kalshi:KXBTC-26DEC31-150000 */
                    b: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "a": {
                         *         "exchange": "kalshi",
                         *         "market_id": "KXFEDDECISION-26DEC-C25",
                         *         "title": "Will the Fed cut rates in December 2026?",
                         *         "svc_id": "svc_3f9a2c7d1e",
                         *         "fingerprint": {}
                         *       },
                         *       "b": {
                         *         "exchange": "kalshi",
                         *         "market_id": "KXFEDDECISION-26DEC-C25",
                         *         "title": "Will the Fed cut rates in December 2026?",
                         *         "svc_id": "svc_3f9a2c7d1e",
                         *         "fingerprint": {}
                         *       },
                         *       "similarity": {
                         *         "title": 1250.5,
                         *         "rules": 1250.5
                         *       },
                         *       "relation": "identical",
                         *       "kind": "kind",
                         *       "confidence": 0.42,
                         *       "reasons": [
                         *         "reason"
                         *       ],
                         *       "veto": "veto",
                         *       "same_cluster": false
                         *     }
                         */
                        "application/json": {
                            a: {
                                exchange: string;
                                market_id: string;
                                title: string;
                                svc_id: string | null;
                                /** @description The judge's parse of the market: subject, comparator, thresholds, window, metric, source... */
                                fingerprint: {
                                    [key: string]: unknown;
                                };
                            };
                            b: {
                                exchange: string;
                                market_id: string;
                                title: string;
                                svc_id: string | null;
                                /** @description The judge's parse of the market: subject, comparator, thresholds, window, metric, source... */
                                fingerprint: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @description Cosine similarity of the embeddings (null when either is not embedded) */
                            similarity: {
                                title: number | null;
                                rules: number | null;
                            };
                            /** @enum {string} */
                            relation: "identical" | "related" | "different";
                            /** @description Kind of a related link: other_strike, other_date, complementary, implies, same_event */
                            kind: string | null;
                            /** @description The probability that the relation is right, calibrated on the labelled pairs (for identical: that the two are the same question; otherwise: that they are not) */
                            confidence: number;
                            /** @description The decisive reasons; a rules veto quotes the rule sentence of each market ('veto: rules: ...') */
                            reasons: string[];
                            veto: string | null;
                            /** @description Whether the two are in one cluster now (overrides and one-market-per-venue apply there) */
                            same_cluster: boolean;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown market */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your orders, newest first
         * @description Filter by exchange and status; `cursor` is the previous page's next_cursor.
         */
        get: {
            parameters: {
                query?: {
                    /** @description A venue with trading */
                    exchange?: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur";
                    status?: "pending" | "open" | "partially_filled" | "filled" | "cancelled" | "expired" | "rejected";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "orders": [
                         *         {
                         *           "id": "ord_4f1c0d9e8b7a6f5e4d3c2b1a",
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "outcome": "no",
                         *           "venue_outcome": "venue-outcome",
                         *           "side": "buy",
                         *           "type": "limit",
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "time_in_force": "gtc",
                         *           "expires_at": "2026-12-10T19:00:00Z",
                         *           "status": "pending",
                         *           "filled_size": 1250.5,
                         *           "avg_fill_price": 0.42,
                         *           "exchange_order_id": "exchange-order-id",
                         *           "client_order_id": "client-order-id",
                         *           "reject_reason": "reject-reason",
                         *           "created_at": "2026-12-10T19:00:00Z",
                         *           "updated_at": "2026-12-10T19:00:00Z",
                         *           "fills": [
                         *             {
                         *               "id": "7d9f3a1c",
                         *               "outcome": "outcome",
                         *               "venue_outcome": "venue-outcome",
                         *               "price": 0.42,
                         *               "size": 1250.5,
                         *               "fee": 1250.5,
                         *               "timestamp": "2026-12-10T19:00:00Z"
                         *             }
                         *           ]
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["OrderList"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Place an order
         * @description kalshi and futuur orders are signed here with your stored credentials (RSA-PSS, HMAC-SHA512). polymarket, limitless, predictfun and opinion orders carry `signed_order`, the EIP-712 order you signed (POST /api/v1/orders/prepare gives the typed data to sign and this body); its signature is checked (domain, types, signer; ERC-1271 for smart wallets) before anything is sent. The order is stored `pending` before the venue is called, so no outcome leaves it unknown: a repeated client_order_id returns the first order (200).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["PlaceOrder"];
                };
            };
            responses: {
                /** @description A repeated client_order_id with the same body: the first order, nothing sent again */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "ord_4f1c0d9e8b7a6f5e4d3c2b1a",
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "outcome": "no",
                         *       "venue_outcome": "venue-outcome",
                         *       "side": "buy",
                         *       "type": "limit",
                         *       "price": 0.42,
                         *       "size": 1250.5,
                         *       "time_in_force": "gtc",
                         *       "expires_at": "2026-12-10T19:00:00Z",
                         *       "status": "pending",
                         *       "filled_size": 1250.5,
                         *       "avg_fill_price": 0.42,
                         *       "exchange_order_id": "exchange-order-id",
                         *       "client_order_id": "client-order-id",
                         *       "reject_reason": "reject-reason",
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z",
                         *       "fills": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "outcome": "outcome",
                         *           "venue_outcome": "venue-outcome",
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "fee": 1250.5,
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Order"];
                    };
                };
                /** @description Placed (its status says whether it rests, filled, ...) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "ord_4f1c0d9e8b7a6f5e4d3c2b1a",
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "outcome": "no",
                         *       "venue_outcome": "venue-outcome",
                         *       "side": "buy",
                         *       "type": "limit",
                         *       "price": 0.42,
                         *       "size": 1250.5,
                         *       "time_in_force": "gtc",
                         *       "expires_at": "2026-12-10T19:00:00Z",
                         *       "status": "pending",
                         *       "filled_size": 1250.5,
                         *       "avg_fill_price": 0.42,
                         *       "exchange_order_id": "exchange-order-id",
                         *       "client_order_id": "client-order-id",
                         *       "reject_reason": "reject-reason",
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z",
                         *       "fills": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "outcome": "outcome",
                         *           "venue_outcome": "venue-outcome",
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "fee": 1250.5,
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Order"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The client_order_id was used for an order with a different body; the message names the differing fields. Nothing is sent */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue rejected the order; it is stored as rejected with the reason */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is down or failed; the order is stored as rejected, or pending until reconciled (the message says which) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Trading on the venue is not available in this process, or a rotation of the credentials key is in progress (the message names the key id and what to do; /health shows `credentials` degraded) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time; the order is pending until reconciled with the venue */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/prepare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an order ready to sign (polymarket, limitless, predictfun, opinion)
         * @description Takes the body of an order without `signed_order` (plus `signer`, and `maker` where the wallet holding the funds is not the signer) and answers the EIP-712 typed data to sign, with the exchange contract and neg-risk chosen from the venue, and the body to post. Sign `typed_data` with any wallet library (ethers: `wallet.signTypedData(typed_data.domain, typed_data.types, typed_data.message)`), set `order.signed_order.signature` to the result, and post `order` to POST /api/v1/orders. Nothing is stored or placed; the venue is asked only its public reads (the market, its exchange).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "exchange": "kalshi",
                     *       "market_id": "KXFEDDECISION-26DEC-C25",
                     *       "outcome": "outcome",
                     *       "side": "buy",
                     *       "type": "limit",
                     *       "price": 0.42,
                     *       "size": 1250.5,
                     *       "time_in_force": "gtc",
                     *       "expires_at": "2026-12-10T19:00:00Z",
                     *       "client_order_id": "client-order-id",
                     *       "signer": "signer",
                     *       "maker": "maker"
                     *     }
                     */
                    "application/json": components["schemas"]["PrepareOrder"];
                };
            };
            responses: {
                /** @description The typed data to sign and the order to post */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "typed_data": {
                         *         "domain": {
                         *           "name": "Polymarket CTF Exchange",
                         *           "version": "2",
                         *           "chainId": 137,
                         *           "verifyingContract": "0xE111180000d2663C0091e4f400237545B87B996B"
                         *         },
                         *         "types": {
                         *           "Order": [
                         *             {
                         *               "name": "salt",
                         *               "type": "uint256"
                         *             },
                         *             {
                         *               "name": "maker",
                         *               "type": "address"
                         *             },
                         *             {
                         *               "name": "signer",
                         *               "type": "address"
                         *             },
                         *             {
                         *               "name": "tokenId",
                         *               "type": "uint256"
                         *             },
                         *             {
                         *               "name": "makerAmount",
                         *               "type": "uint256"
                         *             },
                         *             {
                         *               "name": "takerAmount",
                         *               "type": "uint256"
                         *             },
                         *             {
                         *               "name": "side",
                         *               "type": "uint8"
                         *             },
                         *             {
                         *               "name": "signatureType",
                         *               "type": "uint8"
                         *             },
                         *             {
                         *               "name": "timestamp",
                         *               "type": "uint256"
                         *             },
                         *             {
                         *               "name": "metadata",
                         *               "type": "bytes32"
                         *             },
                         *             {
                         *               "name": "builder",
                         *               "type": "bytes32"
                         *             }
                         *           ]
                         *         },
                         *         "primaryType": "Order",
                         *         "message": {
                         *           "salt": "184467440737095",
                         *           "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
                         *           "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
                         *           "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
                         *           "makerAmount": "4200000",
                         *           "takerAmount": "10000000",
                         *           "side": 0,
                         *           "signatureType": 0,
                         *           "timestamp": "1790000000000",
                         *           "metadata": "0x0000000000000000000000000000000000000000000000000000000000000000",
                         *           "builder": "0x0000000000000000000000000000000000000000000000000000000000000000"
                         *         }
                         *       },
                         *       "order": {
                         *         "exchange": "kalshi",
                         *         "market_id": "KXFEDDECISION-26DEC-C25",
                         *         "outcome": "outcome",
                         *         "side": "buy",
                         *         "type": "limit",
                         *         "price": 0.42,
                         *         "size": 1250.5,
                         *         "time_in_force": "gtc",
                         *         "expires_at": "2026-12-10T19:00:00Z",
                         *         "client_order_id": "client-order-id",
                         *         "signed_order": {
                         *           "salt": "184467440737095",
                         *           "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
                         *           "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
                         *           "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
                         *           "makerAmount": "4200000",
                         *           "takerAmount": "10000000",
                         *           "side": 0,
                         *           "signatureType": 0,
                         *           "timestamp": "1790000000000",
                         *           "metadata": "0x0000000000000000000000000000000000000000000000000000000000000000",
                         *           "builder": "0x0000000000000000000000000000000000000000000000000000000000000000",
                         *           "expiration": "0",
                         *           "taker": "0x0000000000000000000000000000000000000000",
                         *           "negRisk": false
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["PreparedOrder"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is down or failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Trading on the venue is not available in this process */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order: status, fills, price
         * @description An order not final yet is brought up to date with the venue first (its stored state is served if the venue does not answer).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example 7d9f3a1c */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "ord_4f1c0d9e8b7a6f5e4d3c2b1a",
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "outcome": "no",
                         *       "venue_outcome": "venue-outcome",
                         *       "side": "buy",
                         *       "type": "limit",
                         *       "price": 0.42,
                         *       "size": 1250.5,
                         *       "time_in_force": "gtc",
                         *       "expires_at": "2026-12-10T19:00:00Z",
                         *       "status": "pending",
                         *       "filled_size": 1250.5,
                         *       "avg_fill_price": 0.42,
                         *       "exchange_order_id": "exchange-order-id",
                         *       "client_order_id": "client-order-id",
                         *       "reject_reason": "reject-reason",
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z",
                         *       "fills": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "outcome": "outcome",
                         *           "venue_outcome": "venue-outcome",
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "fee": 1250.5,
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Order"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such order of yours */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Cancel a resting order */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example 7d9f3a1c */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The order after the cancel */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "ord_4f1c0d9e8b7a6f5e4d3c2b1a",
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "outcome": "no",
                         *       "venue_outcome": "venue-outcome",
                         *       "side": "buy",
                         *       "type": "limit",
                         *       "price": 0.42,
                         *       "size": 1250.5,
                         *       "time_in_force": "gtc",
                         *       "expires_at": "2026-12-10T19:00:00Z",
                         *       "status": "pending",
                         *       "filled_size": 1250.5,
                         *       "avg_fill_price": 0.42,
                         *       "exchange_order_id": "exchange-order-id",
                         *       "client_order_id": "client-order-id",
                         *       "reject_reason": "reject-reason",
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z",
                         *       "fills": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "outcome": "outcome",
                         *           "venue_outcome": "venue-outcome",
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "fee": 1250.5,
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Order"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such order of yours */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The order is not resting (filled, cancelled, rejected, pending...) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is down or failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Your stored credentials are encrypted with a key this instance lacks: a rotation of the credentials key is in progress (the message names the key id and what to do; /health shows `credentials` degraded) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/polymarket/derive-credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Derive your Polymarket API credentials from your wallet key and store them
         * @description Signs Polymarket's L1 ClobAuth (EIP-712) with the key, asks the venue for the wallet's L2 credentials (creating them the first time) and stores those, encrypted. Use once before the first polymarket order.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "private_key": "private-key",
                     *       "signature_type": 0,
                     *       "funder": "funder"
                     *     }
                     */
                    "application/json": {
                        /** @description Your wallet key: used once, in memory, to sign the L1 request; never stored or logged */
                        private_key: string;
                        /** @description 0 EOA, 1 proxy, 2 Gnosis Safe, 3 deposit wallet (ERC-1271; give it as funder): how your orders will be signed */
                        signature_type?: 0 | 1 | 2 | 3;
                        /** @description The proxy, Safe or deposit wallet holding your funds, when not the EOA */
                        funder?: string;
                    };
                };
            };
            responses: {
                /** @description Stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "polymarket",
                         *       "address": "address",
                         *       "api_key": "pk_test_0123456789abcdef",
                         *       "connected": true
                         *     }
                         */
                        "application/json": components["schemas"]["DerivedCredentials"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is down or failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/polymarket/safe-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The Polymarket Gnosis Safe of a wallet (CREATE2, no network) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "address": "address"
                     *     }
                     */
                    "application/json": {
                        address: string;
                    };
                };
            };
            responses: {
                /** @description The Safe address */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "address": "address",
                         *       "safe_address": "safe-address"
                         *     }
                         */
                        "application/json": components["schemas"]["SafeAddress"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/polymarket/verify-credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check your stored Polymarket credentials against the venue */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Whether the venue accepts them */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "valid": false,
                         *       "address": "address",
                         *       "checked_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["CredentialsCheck"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is down or failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your positions on a venue (live, with your stored credentials)
         * @description Read from the venue at each call, in unified units: `size` in contracts/shares, `avg_price` 0..1 of the outcome held, `value` in USD (the venue's own valuation). `outcome` names the outcome as orders do (yes/no on a binary market, on every venue), `venue_outcome` as the venue does (kalshi yes/no, futuur long/short, the token id on the EIP-712 venues). Venues with positions: kalshi, polymarket, limitless, predictfun, opinion, futuur. polymarket reads the wallet holding your tokens (your `funder`, else your Safe for signature_type 2, else your address); opinion reads your Safe (`multi_sig_addr`) and predictfun your `address` (Predict Account or EOA), both stored with the credentials (400 naming the field when absent). Without a positions read: none (404 naming the venue).
         */
        get: {
            parameters: {
                query: {
                    /**
                     * @description A venue with trading
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "positions": [
                         *         {
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "outcome": "outcome",
                         *           "venue_outcome": "venue-outcome",
                         *           "size": 1250.5,
                         *           "avg_price": 0.42,
                         *           "value": 1250.5
                         *         }
                         *       ],
                         *       "count": 20
                         *     }
                         */
                        "application/json": components["schemas"]["Positions"];
                    };
                };
                /** @description Unknown or non-trading exchange, no stored credentials, or a field the read needs missing from them */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue has no positions operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue refused the stored credentials */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is down or failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Your stored credentials are encrypted with a key this instance lacks: a rotation of the credentials key is in progress (the message names the key id and what to do; /health shows `credentials` degraded) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quotes of up to 100 markets in one request
         * @description One quote per distinct market asked for, in the order asked; unknown markets are listed under missing (the request still succeeds).
         */
        get: {
            parameters: {
                query: {
                    /**
                     * @description Comma-separated exchange:market_id pairs, at most 100
                     * @example kalshi:KXFEDCHAIR-26-KW,opinion:1234
                     */
                    markets: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "quotes": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "price": 0.42,
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "last": 1250.5,
                         *           "volume": 1250.5,
                         *           "updated_at": "2026-12-10T19:00:00Z",
                         *           "source": "recorded",
                         *           "status": "status"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "missing": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Quotes"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/autocomplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Title suggestions as the user types (one per cluster)
         * @description Open and upcoming markets come before closed and resolved ones of similar relevance; every suggestion says `closed` and `status`, and `status`/`active_only`, `exchange` and `category` filter as in keyword search.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    /** @description One exchange code or several, comma-separated (e.g. kalshi,polymarket) */
                    exchange?: string;
                    /** @description One category of the shared vocabulary (GET /api/v1/categories lists them with counts); each result's `venue_category` keeps the venue's own word */
                    category?: "politics" | "crypto" | "sports" | "economics" | "finance" | "tech" | "science" | "climate" | "world" | "culture" | "other";
                    /** @description open: open and upcoming markets; closed: closed and resolved ones; all (default): both, open ones ranked first among results of similar relevance */
                    status?: "open" | "closed" | "all";
                    /** @description true: the same as status=open (the name semantic search's specification uses) */
                    active_only?: boolean;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Suggestions, best first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "query": "will the central bank lower borrowing costs",
                         *       "suggestions": [
                         *         {
                         *           "text": "Will the Fed cut rates in December 2026?",
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "exchanges": [
                         *             "kalshi"
                         *           ],
                         *           "closed": false,
                         *           "status": "status",
                         *           "yes_price": 0.42,
                         *           "yes_bid": 0.42,
                         *           "yes_ask": 0.42,
                         *           "volume": 1250.5,
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "venue_category": "venue-category"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["AutocompleteResponse"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The search engine is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Keyword search over every venue
         * @description Relevance: exact title first, then phrase, all words (stemmed), word prefixes, typos; within those, open and upcoming markets come before closed and resolved ones, then volume. Each result carries its price, bid/ask, volume and close time from the catalog (as of the last sync; a first page may be served from a cache of at most 30 s). An unknown query parameter is a 400 naming it. Accents, case and punctuation are ignored; query syntax characters are plain text. A higher `score` is more relevant (semantic search's `score` runs the other way: lower is better). Grouping (`group`, default `event`): one result per venue event, so that a ladder of strikes or brackets is one result (its best match, with `more_in_event`; `event=` lists its markets) and one event cannot fill a page; `group=none` gives every market its own result; `group=cluster` gives one result per cross-venue cluster with its `venues` and `best` prices (one more catalog read per page); `limit`, `total` and cursors count results as grouped.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Keywords; empty browses with the filters and sort */
                    q?: string;
                    /** @description One exchange code or several, comma-separated (e.g. kalshi,polymarket) */
                    exchange?: string;
                    /** @description One category of the shared vocabulary (GET /api/v1/categories lists them with counts); each result's `venue_category` keeps the venue's own word */
                    category?: "politics" | "crypto" | "sports" | "economics" | "finance" | "tech" | "science" | "climate" | "world" | "culture" | "other";
                    /** @description open: open and upcoming markets; closed: closed and resolved ones; all (default): both, open ones ranked first among results of similar relevance */
                    status?: "open" | "closed" | "all";
                    /** @description true: the same as status=open (the name semantic search's specification uses) */
                    active_only?: boolean;
                    sort?: "relevance" | "volume" | "close_time";
                    /** @description Results per page (groups, when grouped) */
                    limit?: number;
                    /** @description next_cursor of the previous page (same query) */
                    cursor?: string;
                    /** @description none (default): every market its own result; event: one result per venue event, so that one event cannot fill a page (a ladder's strikes or brackets count as one, the best match stands for them, `more_in_event` says how many more matched; `event=` lists them); cluster: one result per cross-venue cluster (`svc_id`), listing its `venues` with their catalog prices and the `best` prices across them. Pages, `total` and cursors count results as grouped. */
                    group?: "event" | "cluster" | "none";
                    /** @description Only the markets of this event: a result's `event` (`<exchange>:<event id>`), e.g. to list what `more_in_event` counted */
                    event?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of hits */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "query": "will the central bank lower borrowing costs",
                         *       "count": 20,
                         *       "total": 20,
                         *       "results": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "category": "economics",
                         *           "closed": false,
                         *           "score": 1250.5,
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "status": "status",
                         *           "yes_price": 0.42,
                         *           "yes_bid": 0.42,
                         *           "yes_ask": 0.42,
                         *           "volume": 1250.5,
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "venue_category": "venue-category",
                         *           "event": "event",
                         *           "more_in_event": 20,
                         *           "venues": [
                         *             {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "title": "Will the Fed cut rates in December 2026?",
                         *               "status": "status",
                         *               "yes_price": 0.42,
                         *               "yes_bid": 0.42,
                         *               "yes_ask": 0.42,
                         *               "volume": 1250.5,
                         *               "updated_at": "2026-12-10T19:00:00Z"
                         *             }
                         *           ],
                         *           "best": {
                         *             "yes_ask": {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "price": 0.42,
                         *               "fee": 1250.5
                         *             },
                         *             "no_ask": {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "price": 0.42,
                         *               "fee": 1250.5
                         *             },
                         *             "gap": 1250.5,
                         *             "gap_after_fees": 1250.5,
                         *             "fees_complete": false
                         *           }
                         *         }
                         *       ],
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["KeywordSearchResponse"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The search engine is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/semantic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Semantic (meaning-based) search over market titles and rules
         * @description Plans: max, admin, enterprise. Relevance combines embedding similarity over titles and rules with a boost for exact keyword matches in titles; a lower `score` is more relevant (keyword search's `score` runs the other way: higher is better). Open and upcoming markets come before closed and resolved ones of similar relevance. The filters are keyword search's: `exchange` (one or many), `status` or `active_only`, `category`; an unknown field is a 400 naming it. Each result carries its price, bid/ask, volume and close time from the catalog (as of the last sync; an answer may be served from a cache of at most 60 s). `group` as in keyword search (default `none`): `event` one result per venue event, so that one event cannot fill a page (`more_in_event` counts its other markets among the ranked candidates; `event` ranks all of them), `cluster` one result per cross-venue cluster with its `venues` and `best` prices, `none` every market; `limit` and cursors count results as grouped. The response carries a Server-Timing header (embed, db; `cache;desc=hit` when the answer was served from the recent-answers cache, which is dropped when a title, category, status, cluster or stored embedding changes; price-only changes keep it). Such a change shows in every answer, cached or not, within about a second with a PostgreSQL server and within a few seconds on the embedded database.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "query": "will bitcoin be worth more than 100k at the end of the year",
                     *       "exchange": "kalshi",
                     *       "active_only": false,
                     *       "status": "open",
                     *       "category": "politics",
                     *       "limit": 20,
                     *       "cursor": "eyJvZmZzZXQiOjIwfQ",
                     *       "group": "event",
                     *       "event": "event"
                     *     }
                     */
                    "application/json": components["schemas"]["SemanticSearchRequest"];
                };
            };
            responses: {
                /** @description Ranked results */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "query": "will the central bank lower borrowing costs",
                         *       "count": 20,
                         *       "results": [
                         *         {
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "exchange": "kalshi",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "category": "economics",
                         *           "closed": false,
                         *           "score": 1250.5,
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "status": "status",
                         *           "yes_price": 0.42,
                         *           "yes_bid": 0.42,
                         *           "yes_ask": 0.42,
                         *           "volume": 1250.5,
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "venue_category": "venue-category",
                         *           "event": "event",
                         *           "more_in_event": 20,
                         *           "venues": [
                         *             {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "title": "Will the Fed cut rates in December 2026?",
                         *               "status": "status",
                         *               "yes_price": 0.42,
                         *               "yes_bid": 0.42,
                         *               "yes_ask": 0.42,
                         *               "volume": 1250.5,
                         *               "updated_at": "2026-12-10T19:00:00Z"
                         *             }
                         *           ],
                         *           "best": {
                         *             "yes_ask": {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "price": 0.42,
                         *               "fee": 1250.5
                         *             },
                         *             "no_ask": {
                         *               "exchange": "kalshi",
                         *               "market_id": "KXFEDDECISION-26DEC-C25",
                         *               "price": 0.42,
                         *               "fee": 1250.5
                         *             },
                         *             "gap": 1250.5,
                         *             "gap_after_fees": 1250.5,
                         *             "fees_complete": false
                         *           }
                         *         }
                         *       ],
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["SemanticSearchResponse"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's plan is below Max. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The embedding model is not loaded yet (being fetched or loading; /health shows the progress) or could not be loaded. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/svc/{svc_id}/cluster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cluster metadata by svc_id: title, canonical market, market count, members
         * @description Plans: pro, max, admin. A svc_id whose cluster merged into another still answers: with the survivor and merged_into = its svc_id.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example svc_abcdefgh2345 */
                    svc_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "svc_id": "svc_3f9a2c7d1e",
                         *       "cluster_id": "c_000042",
                         *       "title": "Will the Fed cut rates in December 2026?",
                         *       "canonical": {
                         *         "exchange": "kalshi",
                         *         "market_id": "KXFEDDECISION-26DEC-C25",
                         *         "url": "https://example.com/market"
                         *       },
                         *       "market_count": 20,
                         *       "exchanges": [
                         *         "kalshi"
                         *       ],
                         *       "category": "economics",
                         *       "close_time": "2026-12-10T19:00:00Z",
                         *       "confidence": 0.42,
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z",
                         *       "merged_into": "merged-into",
                         *       "members": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "url": "https://example.com/market",
                         *           "match": {
                         *             "confidence": 0.42,
                         *             "method": "judge",
                         *             "reasons": [
                         *               "reason"
                         *             ]
                         *           }
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Cluster"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The plan of the key has no svc lookups (pro, max, admin) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown or dissolved svc_id */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/svc/{svc_id}/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The equivalent markets of a cluster across all venues, each with its match
         * @description Plans: pro, max, admin. A svc_id whose cluster merged into another still answers: with the survivor and merged_into = its svc_id.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example svc_abcdefgh2345 */
                    svc_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "svc_id": "svc_3f9a2c7d1e",
                         *       "cluster_id": "c_000042",
                         *       "merged_into": "merged-into",
                         *       "markets": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "event_id": "KXFEDDECISION-26DEC",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "subtitle": "subtitle",
                         *           "category": "economics",
                         *           "tags": [
                         *             "tag"
                         *           ],
                         *           "status": "open",
                         *           "closed": false,
                         *           "outcomes": [
                         *             {
                         *               "id": "7d9f3a1c",
                         *               "label": "my dashboard",
                         *               "price": 0.42
                         *             }
                         *           ],
                         *           "yes_price": 0.42,
                         *           "yes_bid": 0.42,
                         *           "yes_ask": 0.42,
                         *           "last_price": 0.42,
                         *           "volume": 1250.5,
                         *           "volume_24h": 1250.5,
                         *           "liquidity": 1250.5,
                         *           "open_interest": 1250.5,
                         *           "open_time": "2026-12-10T19:00:00Z",
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "resolution_time": "2026-12-10T19:00:00Z",
                         *           "result": "result",
                         *           "rules": "rules",
                         *           "url": "https://example.com/market",
                         *           "neg_risk": false,
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "cluster_id": "c_000042",
                         *           "updated_at": "2026-12-10T19:00:00Z",
                         *           "match": {
                         *             "confidence": 0.42,
                         *             "method": "judge",
                         *             "reasons": [
                         *               "reason"
                         *             ]
                         *           }
                         *         }
                         *       ],
                         *       "count": 20
                         *     }
                         */
                        "application/json": {
                            svc_id: string;
                            cluster_id: string;
                            merged_into: string | null;
                            markets: (components["schemas"]["VenueMarket"] & {
                                match: components["schemas"]["MemberMatch"];
                            })[];
                            count: number;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The plan of the key has no svc lookups (pro, max, admin) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown or dissolved svc_id */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/svc/{svc_id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every member's price series on one time grid, for plotting the venues side by side
         * @description Plans: pro, max, admin. Recorded data where the recorder holds trades of the member in the range, the venue's price history otherwise. A merged-away svc_id answers with its survivor (merged_into).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Start of the range (default: a day of 1m, a week of 1h, 90 days of 1d before end) */
                    start?: string;
                    /** @description End of the range (default now) */
                    end?: string;
                    /** @description The grid's step; at most 2000 points */
                    interval?: "1m" | "1h" | "1d";
                };
                header?: never;
                path: {
                    /** @example svc_abcdefgh2345 */
                    svc_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "svc_id": "svc_3f9a2c7d1e",
                         *       "merged_into": "merged-into",
                         *       "interval": "interval",
                         *       "timestamps": [
                         *         "2026-12-10T19:00:00Z"
                         *       ],
                         *       "series": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "source": "recorded",
                         *           "note": "note",
                         *           "prices": [
                         *             0.42
                         *           ]
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["ClusterPrices"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The plan of the key has no svc lookups (pro, max, admin) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown or dissolved svc_id */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/svc/{svc_id}/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quotes of every member market of a cluster
         * @description Plans with svc_id lookups (pro, max, admin). A svc_id that merged away answers with its survivor (merged_into).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example svc_abcdefgh2345 */
                    svc_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "svc_id": "svc_3f9a2c7d1e",
                         *       "cluster_id": "c_000042",
                         *       "merged_into": "merged-into",
                         *       "quotes": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "price": 0.42,
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "last": 1250.5,
                         *           "volume": 1250.5,
                         *           "updated_at": "2026-12-10T19:00:00Z",
                         *           "source": "recorded",
                         *           "status": "status"
                         *         }
                         *       ],
                         *       "count": 20
                         *     }
                         */
                        "application/json": components["schemas"]["SvcQuotes"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The plan has no svc_id lookups */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown svc_id */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/test-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a test key (10 minutes, 60 requests/minute, plan free)
         * @description No API key needed. Send a session token (Authorization: Bearer) to own the key as that user; without one the key belongs to a new anonymous user. Limited per client address (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "label": "my dashboard"
                     *     }
                     */
                    "application/json": {
                        /** @description A name to recognise the key by */
                        label?: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "api_key": "pk_test_0123456789abcdef",
                         *       "key_id": "key-id",
                         *       "plan": "free",
                         *       "expires_at": "2026-12-10T19:00:00Z",
                         *       "rate_limit_per_minute": 20
                         *     }
                         */
                        "application/json": components["schemas"]["TestKey"];
                    };
                };
                /** @description Malformed body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A session token was sent but is not valid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many test keys from this address; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{userID}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which venues you have credentials for (values are never returned) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Ignored: the user is the API key's (pass `_`)
                     * @example userID
                     */
                    userID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The connected venues */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "credentials": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "connected": true,
                         *           "created_at": "2026-12-10T19:00:00Z",
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["CredentialList"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Store your credentials for a venue (one set per venue; posting again replaces it)
         * @description Encrypted at rest (AES-256-GCM); never returned or logged. A malformed set (an RSA key that does not parse, a secret that is not base64, an address that is not 0x hex) is a 400 naming the field.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Ignored: the user is the API key's (pass `_`)
                     * @example userID
                     */
                    userID: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "exchange": "kalshi"
                     *     }
                     */
                    "application/json": components["schemas"]["RegisterCredentials"];
                };
            };
            responses: {
                /** @description Replaced the previous set */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "connected": true,
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["CredentialSet"];
                    };
                };
                /** @description Stored */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "connected": true,
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["CredentialSet"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{userID}/credentials/{exchange}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove your credentials for a venue */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Ignored: the user is the API key's (pass `_`)
                     * @example userID
                     */
                    userID: string;
                    /** @example kalshi */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No stored credentials for the venue */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/categories/{category}/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Markets of a venue in one category (catalog) */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated statuses (open, upcoming, closed, resolved, halted) or "all" (default) */
                    status?: string;
                    /** @description Only markets updated at or after this time (ISO 8601 or unix seconds): poll with the newest updated_at of the previous answer to get the changes only (inclusive, so markets updated in that same instant are not missed) */
                    updated_since?: string;
                    /** @description Page size, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /** @example economics */
                    category: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "markets": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "event_id": "KXFEDDECISION-26DEC",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "subtitle": "subtitle",
                         *           "category": "economics",
                         *           "tags": [
                         *             "tag"
                         *           ],
                         *           "status": "open",
                         *           "closed": false,
                         *           "outcomes": [
                         *             {
                         *               "id": "7d9f3a1c",
                         *               "label": "my dashboard",
                         *               "price": 0.42
                         *             }
                         *           ],
                         *           "yes_price": 0.42,
                         *           "yes_bid": 0.42,
                         *           "yes_ask": 0.42,
                         *           "last_price": 0.42,
                         *           "volume": 1250.5,
                         *           "volume_24h": 1250.5,
                         *           "liquidity": 1250.5,
                         *           "open_interest": 1250.5,
                         *           "open_time": "2026-12-10T19:00:00Z",
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "resolution_time": "2026-12-10T19:00:00Z",
                         *           "result": "result",
                         *           "rules": "rules",
                         *           "url": "https://example.com/market",
                         *           "neg_risk": false,
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "cluster_id": "c_000042",
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            markets: components["schemas"]["VenueMarket"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/datasets/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily dataset download of the latest complete day (kalshi)
         * @description Gzipped JSONL: one {"type":"market", ...market record} line per market listed during the UTC day (the catalog's record), then one {"type":"trade", exchange, market_id, id, price, size, taker_side, outcome, timestamp} line per recorded trade of the day, oldest first. Only complete days (before today, UTC) within the recorder's retention. Served with Content-Length and ETag; send Range: bytes=N- to resume (206).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example kalshi */
                    exchange: "kalshi";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The dataset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": string;
                    };
                };
                /** @description The requested byte range of the dataset */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": string;
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A day not complete yet or past retention, or a venue without datasets */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A Range beyond the end of the file */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/datasets/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily dataset download of a day (kalshi)
         * @description Gzipped JSONL: one {"type":"market", ...market record} line per market listed during the UTC day (the catalog's record), then one {"type":"trade", exchange, market_id, id, price, size, taker_side, outcome, timestamp} line per recorded trade of the day, oldest first. Only complete days (before today, UTC) within the recorder's retention. Served with Content-Length and ETag; send Range: bytes=N- to resume (206).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example kalshi */
                    exchange: "kalshi";
                    /** @example date */
                    date: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The dataset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": string;
                    };
                };
                /** @description The requested byte range of the dataset */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": string;
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A day not complete yet or past retention, or a venue without datasets */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A Range beyond the end of the file */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events of a venue (catalog) */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated categories (case-insensitive); a market matching any of them is listed */
                    category?: string;
                    /** @description Page size, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "events": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "event_id": "KXFEDDECISION-26DEC",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "subtitle": "subtitle",
                         *           "category": "economics",
                         *           "status": "open",
                         *           "venue_status": "venue-status",
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "market_count": 20,
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            events: components["schemas"]["VenueEvent"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange, or the venue has no events operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event of a venue */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /** @example KXFEDDECISION-26DEC */
                    event_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "event_id": "KXFEDDECISION-26DEC",
                         *       "title": "Will the Fed cut rates in December 2026?",
                         *       "subtitle": "subtitle",
                         *       "category": "economics",
                         *       "status": "open",
                         *       "venue_status": "venue-status",
                         *       "close_time": "2026-12-10T19:00:00Z",
                         *       "market_count": 20,
                         *       "updated_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["VenueEvent"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or event, or the venue has no events operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/events/{event_id}/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Markets of an event (catalog) */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated statuses (open, upcoming, closed, resolved, halted) or "all" (default) */
                    status?: string;
                    /** @description Only markets updated at or after this time (ISO 8601 or unix seconds): poll with the newest updated_at of the previous answer to get the changes only (inclusive, so markets updated in that same instant are not missed) */
                    updated_since?: string;
                    /** @description Page size, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /** @example KXFEDDECISION-26DEC */
                    event_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "markets": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "event_id": "KXFEDDECISION-26DEC",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "subtitle": "subtitle",
                         *           "category": "economics",
                         *           "tags": [
                         *             "tag"
                         *           ],
                         *           "status": "open",
                         *           "closed": false,
                         *           "outcomes": [
                         *             {
                         *               "id": "7d9f3a1c",
                         *               "label": "my dashboard",
                         *               "price": 0.42
                         *             }
                         *           ],
                         *           "yes_price": 0.42,
                         *           "yes_bid": 0.42,
                         *           "yes_ask": 0.42,
                         *           "last_price": 0.42,
                         *           "volume": 1250.5,
                         *           "volume_24h": 1250.5,
                         *           "liquidity": 1250.5,
                         *           "open_interest": 1250.5,
                         *           "open_time": "2026-12-10T19:00:00Z",
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "resolution_time": "2026-12-10T19:00:00Z",
                         *           "result": "result",
                         *           "rules": "rules",
                         *           "url": "https://example.com/market",
                         *           "neg_risk": false,
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "cluster_id": "c_000042",
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            markets: components["schemas"]["VenueMarket"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or event, or the venue has no events operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Markets of a venue (catalog) */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated statuses (open, upcoming, closed, resolved, halted) or "all" (default) */
                    status?: string;
                    /** @description Comma-separated categories (case-insensitive); a market matching any of them is listed */
                    category?: string;
                    event_id?: string;
                    /** @description Only markets updated at or after this time (ISO 8601 or unix seconds): poll with the newest updated_at of the previous answer to get the changes only (inclusive, so markets updated in that same instant are not missed) */
                    updated_since?: string;
                    /** @description Page size, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "markets": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "event_id": "KXFEDDECISION-26DEC",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "subtitle": "subtitle",
                         *           "category": "economics",
                         *           "tags": [
                         *             "tag"
                         *           ],
                         *           "status": "open",
                         *           "closed": false,
                         *           "outcomes": [
                         *             {
                         *               "id": "7d9f3a1c",
                         *               "label": "my dashboard",
                         *               "price": 0.42
                         *             }
                         *           ],
                         *           "yes_price": 0.42,
                         *           "yes_bid": 0.42,
                         *           "yes_ask": 0.42,
                         *           "last_price": 0.42,
                         *           "volume": 1250.5,
                         *           "volume_24h": 1250.5,
                         *           "liquidity": 1250.5,
                         *           "open_interest": 1250.5,
                         *           "open_time": "2026-12-10T19:00:00Z",
                         *           "close_time": "2026-12-10T19:00:00Z",
                         *           "resolution_time": "2026-12-10T19:00:00Z",
                         *           "result": "result",
                         *           "rules": "rules",
                         *           "url": "https://example.com/market",
                         *           "neg_risk": false,
                         *           "svc_id": "svc_3f9a2c7d1e",
                         *           "cluster_id": "c_000042",
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            markets: components["schemas"]["VenueMarket"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/parlays/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Parlay (combo) trades of a time range (kalshi), newest first
         * @description Trades of Kalshi's combo markets (parlays: markets of a multivariate event collection, which combine legs of other markets) with start <= timestamp <= end, newest first. Each trade carries its combo market, the collection and the legs; price is the probability of YES of the combo (0..1), size in contracts.
         *
         *     start and end: ISO 8601 or unix seconds; end defaults to now, start to a day before end.
         *
         *     Source: the venue's trade history, read live: its live tier, and for the part of the range before Kalshi's historical cutoff (about three months back) its historical tier, so any range is answered. The recorder does not hold these trades: the catalog (and so the recorder's selection) leaves combo markets out, as Kalshi lists tens of thousands of them, nearly all without a trade. Kalshi's trade list has no filter for combos, so the service reads the exchange-wide trade list of the range and keeps the combo trades (which markets are combos is looked up once per market and remembered). One request reads at most 10,000 venue trades: on a range with few combo trades a page can hold fewer than limit trades (even none) while next_cursor is not null. Follow next_cursor until it is null to get every trade of the range.
         */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /** @description Trades per page, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page (with the same start and end, or none) */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "trades": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "event_id": "KXFEDDECISION-26DEC",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "mve_collection_ticker": "mve-collection-ticker",
                         *           "mve_selected_legs": [
                         *             {
                         *               "event_ticker": "event-ticker",
                         *               "market_ticker": "market-ticker",
                         *               "side": "side"
                         *             }
                         *           ],
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "taker_side": "buy",
                         *           "outcome": "outcome",
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["ParlayTradeList"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue has no parlays operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/rfqs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * RFQs created on a UTC day (kalshi), newest first
         * @description A member read: the service signs it with its own Kalshi API key (KALSHI_WS_KEY_ID, KALSHI_WS_PRIVATE_KEY); without one it answers 503. The simulators accept their test key.
         */
        get: {
            parameters: {
                query: {
                    /** @example date */
                    date: string;
                    /** @description Page size, 1..100 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "rfqs": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "contracts": 1250.5,
                         *           "target_cost": 1250.5,
                         *           "status": "status",
                         *           "rest_remainder": false,
                         *           "mve_collection_ticker": "mve-collection-ticker",
                         *           "mve_selected_legs": [
                         *             {
                         *               "event_ticker": "event-ticker",
                         *               "market_ticker": "market-ticker",
                         *               "side": "side"
                         *             }
                         *           ],
                         *           "created_at": "2026-12-10T19:00:00Z",
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            rfqs: components["schemas"]["Rfq"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue has no rfqs operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No Kalshi API key configured, or the venue is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/rfqs/{rfq_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An RFQ by id (kalshi)
         * @description A member read: the service signs it with its own Kalshi API key (KALSHI_WS_KEY_ID, KALSHI_WS_PRIVATE_KEY); without one it answers 503. The simulators accept their test key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /** @example rfq-id */
                    rfq_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "7d9f3a1c",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "contracts": 1250.5,
                         *       "target_cost": 1250.5,
                         *       "status": "status",
                         *       "rest_remainder": false,
                         *       "mve_collection_ticker": "mve-collection-ticker",
                         *       "mve_selected_legs": [
                         *         {
                         *           "event_ticker": "event-ticker",
                         *           "market_ticker": "market-ticker",
                         *           "side": "side"
                         *         }
                         *       ],
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["Rfq"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown RFQ, or the venue has no rfqs operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No Kalshi API key configured, or the venue is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Order-book analytics of the current book: spread, mid, microprice, depth within 1/5/10 cents, imbalance */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "best_bid": 0.42,
                         *       "best_ask": 0.42,
                         *       "bid_size": 0.42,
                         *       "ask_size": 0.42,
                         *       "spread": 1250.5,
                         *       "mid": 1250.5,
                         *       "microprice": 0.42,
                         *       "imbalance": 1250.5,
                         *       "depth": {
                         *         "1c": {
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "imbalance": 1250.5
                         *         },
                         *         "5c": {
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "imbalance": 1250.5
                         *         },
                         *         "10c": {
                         *           "bid": 0.42,
                         *           "ask": 0.42,
                         *           "imbalance": 1250.5
                         *         }
                         *       },
                         *       "bid_levels": 20,
                         *       "ask_levels": 20,
                         *       "timestamp": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["BookAnalytics"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market, or the venue has no order book (no analytics operation) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/bbo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Best bid/ask series (recorded): one point per change of the top of book
         * @description Each point is the top of book from that instant until the next point. start and end: ISO 8601 or unix seconds; end defaults to now, start to a day before end. Only markets the recorder tracks (RECORDER_MARKETS) have recorded rows; others answer an empty page.
         */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /** @description Page size, 1..10000 (default 1000) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "bbo": [
                         *         {
                         *           "timestamp": "2026-12-10T19:00:00Z",
                         *           "best_bid": 0.42,
                         *           "best_ask": 0.42,
                         *           "bid_size": 0.42,
                         *           "ask_size": 0.42,
                         *           "mid": 1250.5,
                         *           "spread": 1250.5
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["BboSeries"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market, or the venue has no order book (no bbo operation) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/candles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OHLCV candles of traded YES prices (kalshi), oldest first, paged
         * @description Timestamps are the START of each period (inclusive; the period ends at timestamp + interval, exclusive), for every interval. A period is served when its start is in [start, end]; end defaults to now, start to a span before end (1s: 1 hour, 1m: 1 day, 5m: 5 days, 10m: 10 days, 1h: 30 days, 1d: 365 days). Sources: the venue's own candle history for 1m, 1h and 1d (5m and 10m aggregated from its 1m candles), and the recorder's trades for periods after the venue's latest candle and for 1s. Empty periods: a period without trades has no candle (as in most market-data APIs' aggregates); the price holds at the previous close. Pages: up to limit candles (default 1500, so a day of 1m candles is one page); next_cursor continues after the last one.
         */
        get: {
            parameters: {
                query: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /**
                     * @description Candle length
                     * @example 1s
                     */
                    interval: "1s" | "1m" | "5m" | "10m" | "1h" | "1d";
                    /** @description Candles per page, 1..10000 (default 1500: a day of 1m candles is one page) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "candles": [
                         *         {
                         *           "timestamp": "2026-12-10T19:00:00Z",
                         *           "open": 1250.5,
                         *           "high": 1250.5,
                         *           "low": 1250.5,
                         *           "close": 1250.5,
                         *           "volume": 1250.5
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["CandleList"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange, unknown market, or the venue has no candles operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable (circuit open) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/cluster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cluster a market belongs to */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "svc_id": "svc_3f9a2c7d1e",
                         *       "cluster_id": "c_000042",
                         *       "title": "Will the Fed cut rates in December 2026?",
                         *       "canonical": {
                         *         "exchange": "kalshi",
                         *         "market_id": "KXFEDDECISION-26DEC-C25",
                         *         "url": "https://example.com/market"
                         *       },
                         *       "market_count": 20,
                         *       "exchanges": [
                         *         "kalshi"
                         *       ],
                         *       "category": "economics",
                         *       "close_time": "2026-12-10T19:00:00Z",
                         *       "confidence": 0.42,
                         *       "created_at": "2026-12-10T19:00:00Z",
                         *       "updated_at": "2026-12-10T19:00:00Z",
                         *       "merged_into": "merged-into",
                         *       "members": [
                         *         {
                         *           "exchange": "kalshi",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "title": "Will the Fed cut rates in December 2026?",
                         *           "url": "https://example.com/market",
                         *           "match": {
                         *             "confidence": 0.42,
                         *             "method": "judge",
                         *             "reasons": [
                         *               "reason"
                         *             ]
                         *           }
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Cluster"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market, or the market is in no cluster */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/deltas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Raw order-book deltas (recorded; kalshi, polymarket)
         * @description Level changes in the order the recorder applied them (by seq). To rebuild the book at any instant: take the latest snapshot of /orderbook?start&end before it and apply the deltas with a higher seq. After an upstream reconnect the venue's fresh snapshot (a resync) replaces the book; deltas are not recorded between the drop and that snapshot (the interval is a gap, shown in /health). start and end: ISO 8601 or unix seconds; end defaults to now, start to a day before end. Only markets the recorder tracks (RECORDER_MARKETS) have recorded rows; others answer an empty page.
         */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /** @description Page size, 1..10000 (default 1000) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deltas": [
                         *         {
                         *           "seq": 20,
                         *           "side": "bid",
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "size_delta": 1250.5,
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["BookDeltaList"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market, or the venue has no deltas operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/market": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Market details (catalog, or the venue when not yet synced) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "event_id": "KXFEDDECISION-26DEC",
                         *       "title": "Will the Fed cut rates in December 2026?",
                         *       "subtitle": "subtitle",
                         *       "category": "economics",
                         *       "tags": [
                         *         "tag"
                         *       ],
                         *       "status": "open",
                         *       "closed": false,
                         *       "outcomes": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "label": "my dashboard",
                         *           "price": 0.42
                         *         }
                         *       ],
                         *       "yes_price": 0.42,
                         *       "yes_bid": 0.42,
                         *       "yes_ask": 0.42,
                         *       "last_price": 0.42,
                         *       "volume": 1250.5,
                         *       "volume_24h": 1250.5,
                         *       "liquidity": 1250.5,
                         *       "open_interest": 1250.5,
                         *       "open_time": "2026-12-10T19:00:00Z",
                         *       "close_time": "2026-12-10T19:00:00Z",
                         *       "resolution_time": "2026-12-10T19:00:00Z",
                         *       "result": "result",
                         *       "rules": "rules",
                         *       "url": "https://example.com/market",
                         *       "neg_risk": false,
                         *       "svc_id": "svc_3f9a2c7d1e",
                         *       "cluster_id": "c_000042",
                         *       "updated_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": components["schemas"]["VenueMarket"];
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable (circuit open) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/orderbook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Order book: the latest snapshot (live); with start/end, the recorded snapshots in that range
         * @description Without start and end: the venue's current book (one snapshot, no cursor). With either: the snapshots the recorder stored in [start, end] (end defaults to now, start to a day before end), oldest first, paged by cursor: the venue's own snapshots, one after every reconnect (a resync), one at least every RECORDER_SNAPSHOT_INTERVAL_MS for streamed venues, and each polled book that changed for polled venues. Between two snapshots of a streamed venue the book changes by the deltas of /deltas (kalshi, polymarket). Markets the recorder does not track have no recorded snapshots (an empty page).
         */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /** @description Page size, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "snapshots": [
                         *         {
                         *           "bids": [
                         *             {
                         *               "price": 0.42,
                         *               "size": 1250.5
                         *             }
                         *           ],
                         *           "asks": [
                         *             {
                         *               "price": 0.42,
                         *               "size": 1250.5
                         *             }
                         *           ],
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            snapshots: {
                                bids: {
                                    price: number;
                                    size: number;
                                }[];
                                asks: {
                                    price: number;
                                    size: number;
                                }[];
                                timestamp: string;
                            }[];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange, unknown market, or the venue has no orderbook operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable (circuit open) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** YES price history, oldest first (live) */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /** @description Point spacing (default 1h) */
                    interval?: "1m" | "1h" | "1d";
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "points": [
                         *         {
                         *           "timestamp": "2026-12-10T19:00:00Z",
                         *           "price": 0.42
                         *         }
                         *       ],
                         *       "count": 20
                         *     }
                         */
                        "application/json": {
                            points: {
                                timestamp: string;
                                price: number;
                            }[];
                            count: number;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange, unknown market, or the venue has no prices operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable (circuit open) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/rfqs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * RFQs of a market (kalshi), newest first
         * @description A member read: the service signs it with its own Kalshi API key (KALSHI_WS_KEY_ID, KALSHI_WS_PRIVATE_KEY); without one it answers 503. The simulators accept their test key.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1..100 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /** @example KXFEDDECISION-26DEC-C25 */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "rfqs": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "market_id": "KXFEDDECISION-26DEC-C25",
                         *           "contracts": 1250.5,
                         *           "target_cost": 1250.5,
                         *           "status": "status",
                         *           "rest_remainder": false,
                         *           "mve_collection_ticker": "mve-collection-ticker",
                         *           "mve_selected_legs": [
                         *             {
                         *               "event_ticker": "event-ticker",
                         *               "market_ticker": "market-ticker",
                         *               "side": "side"
                         *             }
                         *           ],
                         *           "created_at": "2026-12-10T19:00:00Z",
                         *           "updated_at": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            rfqs: components["schemas"]["Rfq"][];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown market, or the venue has no rfqs operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No Kalshi API key configured, or the venue is unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Resolution rules of a market */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "exchange": "kalshi",
                         *       "market_id": "KXFEDDECISION-26DEC-C25",
                         *       "title": "Will the Fed cut rates in December 2026?",
                         *       "rules": "rules",
                         *       "url": "https://example.com/market",
                         *       "updated_at": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * @description Venue code (path segment)
                             * @enum {string}
                             */
                            exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                            market_id: string;
                            title: string;
                            rules: string;
                            url: string | null;
                            updated_at: string;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange or market */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable (circuit open) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/topofbook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Best bid and ask (live) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "best_bid": 0.42,
                         *       "best_ask": 0.42,
                         *       "bid_size": 0.42,
                         *       "ask_size": 0.42,
                         *       "mid": 1250.5,
                         *       "spread": 1250.5,
                         *       "timestamp": "2026-12-10T19:00:00Z"
                         *     }
                         */
                        "application/json": {
                            best_bid: number | null;
                            best_ask: number | null;
                            bid_size: number | null;
                            ask_size: number | null;
                            mid: number | null;
                            spread: number | null;
                            timestamp: string;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange, unknown market, or the venue has no orderbook operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable (circuit open) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/{exchange}/{market_id}/tradehistory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trades, newest first (live) */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time or unix seconds */
                    start?: string;
                    /** @description ISO 8601 time or unix seconds */
                    end?: string;
                    /** @description Page size, 1..1000 (default 100) */
                    limit?: number;
                    /** @description Opaque cursor from next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description Venue code (path segment)
                     * @example kalshi
                     */
                    exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
                    /**
                     * @description The venue's market id
                     * @example KXFEDDECISION-26DEC-C25
                     */
                    market_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "trades": [
                         *         {
                         *           "id": "7d9f3a1c",
                         *           "price": 0.42,
                         *           "size": 1250.5,
                         *           "taker_side": "buy",
                         *           "outcome": "outcome",
                         *           "timestamp": "2026-12-10T19:00:00Z"
                         *         }
                         *       ],
                         *       "count": 20,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            trades: {
                                id: string;
                                price: number;
                                size: number;
                                /** @enum {string|null} */
                                taker_side: "buy" | "sell" | null;
                                outcome: string | null;
                                timestamp: string;
                            }[];
                            count: number;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Invalid parameters; the message names the field. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown exchange, unknown market, or the venue has no tradehistory operation */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue failed to answer */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue is unavailable (circuit open) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The venue did not answer in time */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The interactive API reference (HTML) over this document: every operation with examples, tried from the page */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description components: database, search, embeddings (backlog and backfill lease), credentials (keys a rotation left this instance without), matching and order_sync (last run, duration, error), and exchanges{<code>: {status, last_sync_at, markets, sync_refused}} (markets counted as they arrive while a sync runs). sync_refused ({reason, would_remove, catalog_markets, source, at}, else null): the latest sync removed nothing because its listing lacked more than SYNC_MAX_REMOVAL_SHARE of the catalog, or came from another source than the catalog. status is degraded when a non-database component is down or degraded, or a sync was refused. drift{<code>: [{endpoint, kind, detail, at, count}]}: what the adapters noticed differ from each venue's published wire format in live traffic.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Database reachable */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok",
                         *       "version": "version",
                         *       "uptime_s": 1250.5,
                         *       "components": {
                         *         "database": {
                         *           "status": "ok"
                         *         },
                         *         "embeddings": {
                         *           "status": "ok",
                         *           "titles_pending": 20,
                         *           "rules_pending": 20,
                         *           "open_titles_pending": 20,
                         *           "open_rules_pending": 20,
                         *           "backlog_rate_per_s": 1250.5,
                         *           "backlog_eta_s": 20,
                         *           "titles_to_check": 20,
                         *           "rules_to_check": 20,
                         *           "backfill_lease": {
                         *             "holder": "holder",
                         *             "until": "until"
                         *           }
                         *         },
                         *         "credentials": {
                         *           "status": "ok",
                         *           "key_id": "key-id",
                         *           "missing_key_ids": [
                         *             "missing-key-id"
                         *           ],
                         *           "error": "error"
                         *         },
                         *         "matching": {
                         *           "status": "ok",
                         *           "last_run_at": "2026-12-10T19:00:00Z",
                         *           "duration_ms": 20,
                         *           "last_ok_at": "2026-12-10T19:00:00Z",
                         *           "error": "error",
                         *           "mode": "full",
                         *           "links": {
                         *             "identical": 20,
                         *             "related": 20
                         *           },
                         *           "clusters": 20,
                         *           "markets_assigned": 20
                         *         },
                         *         "order_sync": {
                         *           "status": "ok",
                         *           "last_run_at": "2026-12-10T19:00:00Z",
                         *           "duration_ms": 20,
                         *           "last_ok_at": "2026-12-10T19:00:00Z",
                         *           "error": "error",
                         *           "synced": 20,
                         *           "failed": 20
                         *         },
                         *         "exchanges": {}
                         *       },
                         *       "drift": {}
                         *     }
                         */
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Database unreachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operator metrics (Prometheus text format)
         * @description Every family is named predmarkets_*: venue syncs (duration, requests, errors per exchange and kind), catalog markets by status and the age of each venue's newest change, the embedding backlog and its rate, the matching job's last run, HTTP latency per route, rate-limit rejections, stream clients, subscriptions and drops, database pool waits; docs/operations.md lists them. Needs an API key of plan admin unless METRICS_PUBLIC=true; METRICS_PORT serves it on a separate port without a key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The metrics */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description Missing or invalid API key (when METRICS_PUBLIC is false) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key is not of plan admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The OpenAPI document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example {} */
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ws/kalshi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Real-time kalshi stream (WebSocket)
         * @description Upgrade to WebSocket (no API key). Send {"action":"subscribe","kalshi_ids":[...],"message_types":["prices","orderbook","trades"]} (message_types optional, default prices and orderbook); ids: kalshi_ids (Kalshi tickers). Answered with {"event":"subscribed",...} then at once the current prices and book of each market. Subscribing a market again adds kinds (a snapshot of each kind added follows); {"action":"unsubscribe",...,"message_types":[...]} removes only those kinds. Server messages: one bare object per message (KalshiStreamPrices, KalshiStreamOrderbook, KalshiStreamTrade; the kind shows in the fields), each with a per-market, per-kind seq. Errors: {"error":"..."}, the connection stays open. Keepalive: server ping every 54 s, dropped after 60 s without a pong. Messages up to 512 KB both ways (a larger client frame closes with 1009; a larger book is trimmed at its far end). Prices, polled where the venue has no channel, every WS_POLL_INTERVAL_MS (5 s).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket stream. */
                101: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not a stream path (any other upgrade). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ws/limitless": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Real-time limitless stream (WebSocket)
         * @description Upgrade to WebSocket (no API key). Send {"action":"subscribe","market_ids":[...],"message_types":["prices","orderbook","trades"]} (message_types optional, default prices and orderbook); ids: market_ids (slugs). Answered with {"event":"subscribed",...} then at once the current prices and book of each market. Subscribing a market again adds kinds (a snapshot of each kind added follows); {"action":"unsubscribe",...,"message_types":[...]} removes only those kinds. Server messages: {type, data} envelopes (StreamPrices, StreamOrderbook, StreamTrade), each with a per-market, per-kind seq. Errors: {"error":"..."}, the connection stays open. Keepalive: server ping every 54 s, dropped after 60 s without a pong. Messages up to 16 KB both ways (a larger client frame closes with 1009; a larger book is trimmed at its far end). Prices, polled where the venue has no channel, every WS_POLL_INTERVAL_MS (5 s).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket stream. */
                101: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not a stream path (any other upgrade). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ws/polymarket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Real-time polymarket stream (WebSocket)
         * @description Upgrade to WebSocket (no API key). Send {"action":"subscribe","market_ids":[...],"message_types":["prices","orderbook","trades"]} (message_types optional, default prices and orderbook); ids: market_ids (condition ids). Answered with {"event":"subscribed",...} then at once the current prices and book of each market. Subscribing a market again adds kinds (a snapshot of each kind added follows); {"action":"unsubscribe",...,"message_types":[...]} removes only those kinds. Server messages: {type, data} envelopes (StreamPrices, StreamOrderbook, StreamTrade), each with a per-market, per-kind seq. Errors: {"error":"..."}, the connection stays open. Keepalive: server ping every 54 s, dropped after 60 s without a pong. Messages up to 16 KB both ways (a larger client frame closes with 1009; a larger book is trimmed at its far end). Prices, polled where the venue has no channel, every WS_POLL_INTERVAL_MS (5 s).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket stream. */
                101: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not a stream path (any other upgrade). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ws/predictfun": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Real-time predictfun stream (WebSocket)
         * @description Upgrade to WebSocket (no API key). Send {"action":"subscribe","market_ids":[...],"message_types":["prices","orderbook","trades"]} (message_types optional, default prices and orderbook); ids: market_ids (numeric ids). Answered with {"event":"subscribed",...} then at once the current prices and book of each market. Subscribing a market again adds kinds (a snapshot of each kind added follows); {"action":"unsubscribe",...,"message_types":[...]} removes only those kinds. Server messages: {type, data} envelopes (StreamPrices, StreamOrderbook, StreamTrade), each with a per-market, per-kind seq. Errors: {"error":"..."}, the connection stays open. Keepalive: server ping every 54 s, dropped after 60 s without a pong. Messages up to 16 KB both ways (a larger client frame closes with 1009; a larger book is trimmed at its far end). Prices, polled where the venue has no channel, every WS_POLL_INTERVAL_MS (5 s).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket stream. */
                101: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not a stream path (any other upgrade). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ws/svc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Real-time cross-venue cluster stream (WebSocket)
         * @description Upgrade to WebSocket with an API key whose plan has the svc lookups (pro, max, admin): X-API-Key, or ?api_key= from a browser. Send {"action":"subscribe","svc_ids":[...]}: answered {"event":"subscribed","svc_ids":[...]}, then a snapshot of each cluster (every member quote and the best), then a quote message on each member change and a best message when the best YES ask, best NO ask or gap changes, each with the cluster's seq. merged / dissolved when a cluster merges (the survivor is followed from then on) or dissolves. Errors: {"error":"..."}, the connection stays open. Limits, keepalive and sizes as the venue streams: WS_MAX_SUBSCRIPTIONS clusters per connection, ping every 54 s, 16 KB messages.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket stream. */
                101: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid API key. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The key's plan has no svc lookups. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AutocompleteResponse: {
            query: string;
            suggestions: {
                text: string;
                exchange: string;
                market_id: string;
                svc_id: string | null;
                exchanges: string[];
                /** @description true for a closed or resolved market; open and upcoming ones come first */
                closed: boolean;
                /** @description open, upcoming, closed, resolved or halted */
                status: string;
                /** @description Price of Yes, 0..1, from the catalog (as of the last sync) */
                yes_price: number | null;
                yes_bid: number | null;
                yes_ask: number | null;
                /** @description Traded volume in the venue's unit */
                volume: number | null;
                /** @description ISO 8601 UTC */
                close_time: string | null;
                /** @description The venue's own category label (`category` is the shared vocabulary's word) */
                venue_category: string | null;
            }[];
        };
        Balances: {
            exchange: string;
            balances: {
                /** @description USD, or the collateral the venue holds (USDC, pUSD, USDT) */
                currency: string;
                /** @description What new orders can spend */
                available: number;
                /** @description Including what open orders hold; null when the venue does not say */
                total: number | null;
            }[];
            count: number;
        };
        BboSeries: {
            bbo: {
                /** Format: date-time */
                timestamp: string;
                best_bid: number | null;
                best_ask: number | null;
                bid_size: number | null;
                ask_size: number | null;
                mid: number | null;
                spread: number | null;
            }[];
            count: number;
            next_cursor: string | null;
        };
        BookAnalytics: {
            exchange: string;
            market_id: string;
            best_bid: number | null;
            best_ask: number | null;
            bid_size: number | null;
            ask_size: number | null;
            /** @description best_ask - best_bid */
            spread: number | null;
            /** @description (best_bid + best_ask) / 2 */
            mid: number | null;
            /** @description (best_bid * ask_size + best_ask * bid_size) / (bid_size + ask_size) */
            microprice: number | null;
            /** @description (bid_size - ask_size) / (bid_size + ask_size) at the top level, in [-1, 1] */
            imbalance: number | null;
            /** @description Size bid within w of the best bid (price >= best_bid - w) and asked within w of the best ask (price <= best_ask + w), w = 0.01, 0.05, 0.10, with their imbalance */
            depth: {
                "1c": {
                    bid: number;
                    ask: number;
                    imbalance: number | null;
                };
                "5c": {
                    bid: number;
                    ask: number;
                    imbalance: number | null;
                };
                "10c": {
                    bid: number;
                    ask: number;
                    imbalance: number | null;
                };
            };
            bid_levels: number;
            ask_levels: number;
            /**
             * Format: date-time
             * @description Time of the book analysed
             */
            timestamp: string;
        };
        BookDeltaList: {
            deltas: {
                /** @description Recorder sequence: increases with every recorded change and snapshot of the market; order of application */
                seq: number;
                /**
                 * @description YES bid or YES ask (a NO bid at p is a YES ask at 1 - p)
                 * @enum {string}
                 */
                side: "bid" | "ask";
                price: number;
                /** @description The level's size after the change (0: the level is gone) */
                size: number;
                /** @description The change of the level's size */
                size_delta: number;
                /** Format: date-time */
                timestamp: string;
            }[];
            count: number;
            next_cursor: string | null;
        };
        CandleList: {
            candles: {
                /**
                 * Format: date-time
                 * @description START of the period (inclusive); the period ends at timestamp + interval (exclusive). The same for every interval.
                 */
                timestamp: string;
                open: number;
                high: number;
                low: number;
                close: number;
                /** @description Contracts traded in the period (> 0: periods without trades have no candle) */
                volume: number;
            }[];
            count: number;
            next_cursor: string | null;
        };
        CategoryList: {
            categories: {
                /** @enum {string} */
                category: "politics" | "crypto" | "sports" | "economics" | "finance" | "tech" | "science" | "climate" | "world" | "culture" | "other";
                description: string;
                /** @description Listed markets in the category (closed and resolved ones included) */
                markets: number;
                /** @description Of those, the open and upcoming ones */
                open_markets: number;
            }[];
        };
        Cluster: {
            /** @description Public cross-exchange id, stable for the life of the cluster */
            svc_id: string;
            /** @description Internal key (GET /api/v1/clusters/{cluster_id}), also stable */
            cluster_id: string;
            title: string;
            canonical: {
                exchange: string;
                market_id: string;
                url: string | null;
            };
            market_count: number;
            exchanges: string[];
            category: string;
            close_time: string | null;
            /** @description The lowest calibrated confidence of the links holding the cluster together: the measured probability that its weakest link is right (see members[].match.confidence) */
            confidence: number;
            created_at: string;
            updated_at: string;
            /** @description Set when the requested svc_id merged into this cluster: this cluster's svc_id */
            merged_into: string | null;
            members: {
                exchange: string;
                market_id: string;
                title: string;
                url: string | null;
                match: components["schemas"]["MemberMatch"];
            }[];
        };
        ClusterList: {
            items: {
                svc_id: string;
                title: string;
                category: string;
                close_time: string | null;
                market_count: number;
                exchanges: string[];
                confidence: number;
                /** @description Summed volume of the members (each venue's own units) */
                volume: number;
                /** @description The freshest member quote */
                quoted_at: string | null;
                quotes: {
                    exchange: string;
                    market_id: string;
                    title: string;
                    /** @description The market on its venue */
                    url: string | null;
                    /** @description The catalog's status; null when the catalog no longer holds the market */
                    status: string | null;
                    yes_bid: number | null;
                    yes_ask: number | null;
                    last_price: number | null;
                    volume: number | null;
                    /**
                     * Format: date-time
                     * @description When the bid and ask were true
                     */
                    as_of: string | null;
                    age_seconds: number | null;
                    /** @description Older than the venue's freshness bound (a stream's book is current at any age), or no bid/ask held: never used for best */
                    stale: boolean;
                    /**
                     * @description Where the bid and ask came from: a stream book or a live read in memory, the recorder, or the catalog's last sync
                     * @enum {string|null}
                     */
                    source: "stream" | "live" | "recorded" | "catalog" | null;
                }[];
                best: {
                    /** @description The lowest YES ask over the fresh quotes of open members */
                    yes_ask: {
                        exchange: string;
                        market_id: string;
                        price: number;
                        /** @description The venue's taker fee for one contract at this price (dollars) */
                        fee: number;
                    } | null;
                    /** @description The lowest NO ask (1 - YES bid) over the same quotes */
                    no_ask: {
                        exchange: string;
                        market_id: string;
                        price: number;
                        /** @description The venue's taker fee for one contract at this price (dollars) */
                        fee: number;
                    } | null;
                };
                /** @description 1 - best YES ask - best NO ask; above 0, buying YES on one venue and NO on another costs less than the $1 one of them pays (before fees) */
                gap: number | null;
                /** @description gap minus both legs' taker fees per contract (each venue's published model; per-order rounding computed for a 100-contract order) */
                gap_after_fees: number | null;
                /** @description false: a venue of the best legs publishes no fee model, counted as 0 */
                fees_complete: boolean;
            }[];
            count: number;
            /** @description Clusters in the whole listing (as of its first page) */
            total: number;
            next_cursor: string | null;
        };
        ClusterPrices: {
            svc_id: string;
            merged_into: string | null;
            interval: string;
            /** @description The grid: the start of each period, oldest first */
            timestamps: string[];
            series: {
                exchange: string;
                market_id: string;
                /**
                 * @description recorded: the recorder's trades; venue: the venue's price history; none: neither (note says why)
                 * @enum {string}
                 */
                source: "recorded" | "venue" | "none";
                note: string | null;
                /** @description YES price at the end of each period, aligned with timestamps; carried forward; null before the first */
                prices: (number | null)[];
            }[];
        };
        CredentialList: {
            credentials: components["schemas"]["CredentialSet"][];
            count: number;
            next_cursor: null;
        };
        /** @description A stored set; its values are never returned */
        CredentialSet: {
            exchange: string;
            /** @enum {boolean} */
            connected: true;
            created_at: string;
            updated_at: string;
        };
        CredentialsCheck: {
            valid: boolean;
            address: string;
            checked_at: string;
        };
        /**
         * @description PredictfunSignedOrder or OpinionSignedOrder without its signature
         * @example {
         *       "salt": "184467440737095",
         *       "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "taker": "0x0000000000000000000000000000000000000000",
         *       "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *       "makerAmount": "4200000000000000000",
         *       "takerAmount": "10000000000000000000",
         *       "expiration": "0",
         *       "nonce": "0",
         *       "feeRateBps": "0",
         *       "side": 0,
         *       "signatureType": 0
         *     }
         */
        CtfUnsignedOrder: {
            /** @description Any unsigned integer, unique per order */
            salt: string;
            /** @description The wallet holding the funds */
            maker: string;
            /** @description The address whose key signs */
            signer: string;
            /** @description The outcome token traded (= the body's `outcome`) */
            tokenId: string;
            /** @description Base units given: a buy's collateral (price x size), a sell's shares */
            makerAmount: string;
            /** @description Base units received: a buy's shares, a sell's collateral */
            takerAmount: string;
            /** @description 0 buy, 1 sell */
            side: 0 | 1;
            /** @description 0 EOA, 1 proxy, 2 Gnosis Safe */
            signatureType: number;
            /** @description 0x0000000000000000000000000000000000000000 (anyone) */
            taker: string;
            /** @description Unix seconds; 0 = none */
            expiration: string;
            /** @description 0 */
            nonce: string;
            /** @description 0 */
            feeRateBps: string;
        };
        CurrentKey: {
            key_id: string;
            user_id: string;
            /** @enum {string} */
            kind: "test" | "production";
            /** @enum {string} */
            plan: "free" | "pro" | "max" | "enterprise" | "admin";
            rate_limit_per_minute: number;
        };
        DerivedCredentials: {
            /** @enum {string} */
            exchange: "polymarket";
            address: string;
            api_key: string;
            /** @enum {boolean} */
            connected: true;
        };
        /** @description Every failure answers this body. */
        Error: {
            error: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "degraded" | "down";
            version: string;
            uptime_s: number;
            components: {
                database: {
                    /** @enum {string} */
                    status: "ok" | "degraded" | "down" | "disabled" | "starting" | "fetching";
                } & {
                    [key: string]: unknown;
                };
                embeddings?: {
                    /** @enum {string} */
                    status: "ok" | "degraded" | "down" | "disabled" | "starting" | "fetching";
                    /** @description live markets whose title has no vector yet (the real backlog) */
                    titles_pending?: number;
                    /** @description live markets whose rules have no vector yet */
                    rules_pending?: number;
                    /** @description of titles_pending, the open markets' (embedded first) */
                    open_titles_pending?: number;
                    /** @description of rules_pending, the open markets' (embedded before any closed market's rules) */
                    open_rules_pending?: number;
                    /** @description texts leaving the backlog per second over about the last minute (run through the model, or reused by content hash) */
                    backlog_rate_per_s?: number;
                    /** @description seconds until the backlog is empty at that rate; null when it does not move */
                    backlog_eta_s?: number | null;
                    /** @description catalog rows changed since the title pass looked (most only in price or volume) */
                    titles_to_check?: number;
                    rules_to_check?: number;
                    /** @description who runs the backfill now (host/pid/id) and until when its lease row says; null when nobody does */
                    backfill_lease?: {
                        holder: string;
                        until: string;
                    } | null;
                } & {
                    [key: string]: unknown;
                };
                credentials?: {
                    /** @enum {string} */
                    status: "ok" | "degraded" | "down" | "disabled" | "starting" | "fetching";
                    /** @description fingerprint of the key this instance encrypts with */
                    key_id: string;
                    /** @description keys stored credential sets are encrypted with that this instance lacks (a key rotation in progress); orders of those users answer 503 */
                    missing_key_ids?: string[];
                    /** @description what to do about the missing keys */
                    error?: string;
                } & {
                    [key: string]: unknown;
                };
                matching?: {
                    /** @enum {string} */
                    status: "ok" | "degraded" | "down" | "disabled" | "starting" | "fetching";
                    last_run_at: string | null;
                    duration_ms?: number;
                    last_ok_at?: string | null;
                    /** @description why the last run failed (then status is degraded) */
                    error?: string | null;
                    /** @enum {string} */
                    mode?: "full" | "incremental";
                    /** @description links the last successful run found */
                    links?: {
                        identical: number;
                        related: number;
                    };
                    clusters?: number;
                    markets_assigned?: number;
                } & {
                    [key: string]: unknown;
                };
                order_sync?: {
                    /** @enum {string} */
                    status: "ok" | "degraded" | "down" | "disabled" | "starting" | "fetching";
                    last_run_at: string | null;
                    duration_ms?: number;
                    last_ok_at?: string | null;
                    /** @description why the last run failed (then status is degraded) */
                    error?: string | null;
                    synced?: number;
                    /** @description orders the last run could not bring up to date (then status is degraded, error names the last failure) */
                    failed?: number;
                } & {
                    [key: string]: unknown;
                };
                exchanges?: {
                    [key: string]: {
                        status: string;
                        last_sync_at: string | null;
                        markets: number;
                        sync_refused: components["schemas"]["SyncRefused"] & (Record<string, never> | null);
                    } & {
                        [key: string]: unknown;
                    };
                };
            } & {
                [key: string]: unknown;
            };
            /** @description Per venue, the differences from its published wire format this process noticed in live traffic (missing fields, unknown status words, shape changes), most recent first; empty when none */
            drift: {
                [key: string]: {
                    /** @description The endpoint or stream message, e.g. `GET /markets` or `ws price_change` */
                    endpoint: string;
                    /** @enum {string} */
                    kind: "missing_field" | "unknown_value" | "shape";
                    /** @description Which field and what was seen */
                    detail: string;
                    /** @description ISO time of the last sighting */
                    at: string;
                    /** @description Sightings since the process started */
                    count: number;
                }[];
            };
        };
        IssuedKey: {
            id: string;
            /** @description Shown once */
            api_key: string;
            user_id: string;
            /** @enum {string} */
            plan: "free" | "pro" | "max" | "enterprise" | "admin";
            rate_limit_per_minute: number;
            created_at: string;
            expires_at: string | null;
        };
        KalshiStreamOrderbook: {
            kalshi_id: string;
            /** @description YES bid sizes by price: index = cents - 1. */
            bid_side: number[];
            /** @description YES ask sizes by price: index = cents - 1. */
            ask_side: number[];
            /** Format: date-time */
            last_update: string;
            /** @description Counts the messages of this kind for this market; a snapshot repeats the latest. A gap means messages were lost: resubscribe. */
            seq: number;
        };
        KalshiStreamPrices: {
            kalshi_id: string;
            price: number | null;
            yes_bid: number | null;
            yes_ask: number | null;
            volume: number | null;
            open_interest: number | null;
            /** Format: date-time */
            last_update: string;
            /** @description Counts the messages of this kind for this market; a snapshot repeats the latest. A gap means messages were lost: resubscribe. */
            seq: number;
        };
        KalshiStreamTrade: {
            id: string;
            kalshi_id: string;
            /** @enum {string} */
            exchange: "kalshi";
            yes_price: number;
            no_price: number;
            count: number;
            /** @enum {string|null} */
            taker_side: "buy" | "sell" | null;
            /** Format: date-time */
            last_update: string;
            /** @description Counts the messages of this kind for this market; a snapshot repeats the latest. A gap means messages were lost: resubscribe. */
            seq: number;
        };
        KeySummary: {
            id: string;
            key_prefix: string;
            user_id: string;
            /** @enum {string} */
            kind: "test" | "production";
            /** @enum {string} */
            plan: "free" | "pro" | "max" | "enterprise" | "admin";
            rate_limit_per_minute: number;
            label: string | null;
            created_at: string;
            expires_at: string | null;
            revoked_at: string | null;
        };
        KeywordSearchResponse: {
            query: string;
            /** @description Results on this page */
            count: number;
            /** @description Results over all pages, as grouped: markets (group=none, the default), events (group=event) or clusters (group=cluster) matching the query and filters. Exact; on Elasticsearch/OpenSearch a grouped total above 40,000 is an estimate within a few percent */
            total: number;
            results: {
                exchange: string;
                market_id: string;
                title: string;
                /** @description A word of the shared vocabulary (GET /api/v1/categories) */
                category: string;
                closed: boolean;
                /** @description Higher is more relevant (the opposite direction of semantic search, where lower is better): the search engine's relevance (exact title, phrase, words, prefixes, typos, then open status and volume). Comparable only within one answer; with sort=volume or sort=close_time the results follow that order and score still says how well each matched. */
                score: number;
                svc_id: string | null;
                /** @description open, upcoming, closed, resolved or halted */
                status: string;
                /** @description Price of Yes, 0..1, from the catalog (as of the last sync) */
                yes_price: number | null;
                yes_bid: number | null;
                yes_ask: number | null;
                /** @description Traded volume in the venue's unit */
                volume: number | null;
                /** @description ISO 8601 UTC */
                close_time: string | null;
                /** @description The venue's own category label (`category` is the shared vocabulary's word) */
                venue_category: string | null;
                /** @description The venue event of the market (`<exchange>:<event id>`; pass as `event=` to list its markets); null when it has none */
                event: string | null;
                /** @description group=event: how many other markets of this event matched and are not shown (0 for a market alone) */
                more_in_event?: number;
                /** @description group=cluster: every venue's market of this cluster (this result's own alone when unclustered), with its catalog quote; only the venues of `exchange` when given */
                venues?: {
                    exchange: string;
                    market_id: string;
                    title: string;
                    status: string;
                    yes_price: number | null;
                    yes_bid: number | null;
                    yes_ask: number | null;
                    volume: number | null;
                    /** @description When the venue's data was last synced (ISO 8601 UTC) */
                    updated_at: string;
                }[];
                /** @description group=cluster: the best YES ask and NO ask (1 - YES bid) across `venues`, their gap and the gap after taker fees, as GET /api/v1/clusters computes them: a venue counts while its market is open and its catalog quote is within the venue's freshness bound */
                best?: {
                    /** @description The lowest YES ask over the venues that count */
                    yes_ask: {
                        exchange: string;
                        market_id: string;
                        price: number;
                        /** @description The venue's taker fee for one contract at that price */
                        fee: number;
                    } | null;
                    /** @description The lowest NO ask (1 - YES bid) over the same venues */
                    no_ask: {
                        exchange: string;
                        market_id: string;
                        price: number;
                        /** @description The venue's taker fee for one contract at that price */
                        fee: number;
                    } | null;
                    /** @description 1 - best YES ask - best NO ask (above 0: YES on one venue and NO on another cost less than the 1 they pay) */
                    gap: number | null;
                    gap_after_fees: number | null;
                    /** @description false: a venue of the best legs publishes no fee model (counted as 0) */
                    fees_complete: boolean;
                };
            }[];
            next_cursor: string | null;
        };
        /**
         * @description limitless: the CTF order (V1 struct), amounts in 6 decimals (USDC and shares). Domains: polymarket {name "Polymarket CTF Exchange", version "2", chainId 137, verifyingContract: the standard or neg-risk exchange}; limitless {"Limitless CTF Exchange", "1", 8453, the market's exchange}; predictfun {"predict.fun CTF Exchange", "1", 56, the exchange of the market's kind}; opinion {"OPINION CTF Exchange", "1", 56, the quote token's exchange}. POST /api/v1/orders/prepare answers the exact typed data.
         * @example {
         *       "salt": "184467440737095",
         *       "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "taker": "0x0000000000000000000000000000000000000000",
         *       "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *       "makerAmount": "4200000",
         *       "takerAmount": "10000000",
         *       "expiration": "0",
         *       "nonce": "0",
         *       "feeRateBps": "0",
         *       "side": 0,
         *       "signatureType": 0,
         *       "verifyingContract": "0xa4409D988CA2218d956BeEFD3874100F444f0DC3",
         *       "signature": "0xdf53fd85325ac87f36c2406e417ed5b81c063445ba4339d1039f7e3220c28ac2530bc6189b64efeb1cae7a9883edc7ebc57ac504f3135d470e3aa9e5dcc80f221b"
         *     }
         */
        LimitlessSignedOrder: {
            /** @description Any unsigned integer, unique per order */
            salt: string;
            /** @description The wallet holding the funds */
            maker: string;
            /** @description The address whose key signs */
            signer: string;
            /** @description The outcome token traded (= the body's `outcome`) */
            tokenId: string;
            /** @description Base units given: a buy's collateral (price x size), a sell's shares */
            makerAmount: string;
            /** @description Base units received: a buy's shares, a sell's collateral */
            takerAmount: string;
            /** @description 0 buy, 1 sell */
            side: 0 | 1;
            /** @description 0 EOA, 1 proxy, 2 Gnosis Safe */
            signatureType: number;
            /** @description 0x0000000000000000000000000000000000000000 (anyone) */
            taker: string;
            /** @description Unix seconds; 0 = none */
            expiration: string;
            /** @description 0 */
            nonce: string;
            /** @description 0 */
            feeRateBps: string;
            /** @description The market's own exchange contract (market.venue.exchange), the domain's verifyingContract */
            verifyingContract: string;
            /** @description The EIP-712 signature (0x, 65 bytes) of the typed data by `signer` */
            signature: string;
        };
        /**
         * @description LimitlessSignedOrder without its signature
         * @example {
         *       "salt": "184467440737095",
         *       "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "taker": "0x0000000000000000000000000000000000000000",
         *       "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *       "makerAmount": "4200000",
         *       "takerAmount": "10000000",
         *       "expiration": "0",
         *       "nonce": "0",
         *       "feeRateBps": "0",
         *       "side": 0,
         *       "signatureType": 0,
         *       "verifyingContract": "0xa4409D988CA2218d956BeEFD3874100F444f0DC3"
         *     }
         */
        LimitlessUnsignedOrder: {
            /** @description Any unsigned integer, unique per order */
            salt: string;
            /** @description The wallet holding the funds */
            maker: string;
            /** @description The address whose key signs */
            signer: string;
            /** @description The outcome token traded (= the body's `outcome`) */
            tokenId: string;
            /** @description Base units given: a buy's collateral (price x size), a sell's shares */
            makerAmount: string;
            /** @description Base units received: a buy's shares, a sell's collateral */
            takerAmount: string;
            /** @description 0 buy, 1 sell */
            side: 0 | 1;
            /** @description 0 EOA, 1 proxy, 2 Gnosis Safe */
            signatureType: number;
            /** @description 0x0000000000000000000000000000000000000000 (anyone) */
            taker: string;
            /** @description Unix seconds; 0 = none */
            expiration: string;
            /** @description 0 */
            nonce: string;
            /** @description 0 */
            feeRateBps: string;
            /** @description The market's own exchange contract (market.venue.exchange), the domain's verifyingContract */
            verifyingContract: string;
        };
        /** @description How a market joined its cluster */
        MemberMatch: {
            /** @description The probability that the link is right (the two markets ask the same question), calibrated on the service's labelled pairs: of the links the judge made with this raw score, the share that were labelled identical (1 for an operator's force-pair) */
            confidence: number;
            /**
             * @description 'judge': the pair judge linked it; 'operator': a force-pair override
             * @enum {string}
             */
            method: "judge" | "operator";
            /** @description The decisive reasons of the link that joined the market to the cluster */
            reasons: string[];
        };
        /**
         * @description opinion: the CTF order (V1 struct) made by your Safe (maker = multi_sig_addr, signatureType 2), signed by its owner, amounts in 18 decimals (USDT and shares). Domains: polymarket {name "Polymarket CTF Exchange", version "2", chainId 137, verifyingContract: the standard or neg-risk exchange}; limitless {"Limitless CTF Exchange", "1", 8453, the market's exchange}; predictfun {"predict.fun CTF Exchange", "1", 56, the exchange of the market's kind}; opinion {"OPINION CTF Exchange", "1", 56, the quote token's exchange}. POST /api/v1/orders/prepare answers the exact typed data.
         * @example {
         *       "salt": "184467440737095",
         *       "maker": "0x1Ca9521aC17f434A1fCe224c7584a0B62882cFAf",
         *       "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "taker": "0x0000000000000000000000000000000000000000",
         *       "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *       "makerAmount": "4200000000000000000",
         *       "takerAmount": "10000000000000000000",
         *       "expiration": "0",
         *       "nonce": "0",
         *       "feeRateBps": "0",
         *       "side": 0,
         *       "signatureType": 2,
         *       "signature": "0xc464c6601496d1ee60d5bdd18e79a52384ce15f2d74890b22e7bfcb68d1108b83db152992ad82335e3eb81b2b942a1eb11855f3459c6fde5c24395ab6536ccbb1b"
         *     }
         */
        OpinionSignedOrder: {
            /** @description Any unsigned integer, unique per order */
            salt: string;
            /** @description The wallet holding the funds */
            maker: string;
            /** @description The address whose key signs */
            signer: string;
            /** @description The outcome token traded (= the body's `outcome`) */
            tokenId: string;
            /** @description Base units given: a buy's collateral (price x size), a sell's shares */
            makerAmount: string;
            /** @description Base units received: a buy's shares, a sell's collateral */
            takerAmount: string;
            /** @description 0 buy, 1 sell */
            side: 0 | 1;
            /** @description 0 EOA, 1 proxy, 2 Gnosis Safe */
            signatureType: number;
            /** @description 0x0000000000000000000000000000000000000000 (anyone) */
            taker: string;
            /** @description Unix seconds; 0 = none */
            expiration: string;
            /** @description 0 */
            nonce: string;
            /** @description 0 */
            feeRateBps: string;
            /** @description The EIP-712 signature (0x, 65 bytes) of the typed data by `signer` */
            signature: string;
        };
        Order: {
            /** @example ord_4f1c0d9e8b7a6f5e4d3c2b1a */
            id: string;
            exchange: string;
            market_id: string;
            /**
             * @description yes|no on a binary market on every venue (src/venues/outcome-sides.ts: the outcome labelled Yes/No, else the first/second of two), else the market's outcome id (its details' outcomes[].id)
             * @example no
             */
            outcome: string;
            /** @description The venue's own name of the outcome: kalshi yes|no, futuur long|short, the outcome token id on the EIP-712 venues */
            venue_outcome: string;
            /** @enum {string} */
            side: "buy" | "sell";
            /** @enum {string} */
            type: "limit" | "market";
            price: number | null;
            size: number;
            /** @enum {string} */
            time_in_force: "gtc" | "gtd" | "ioc" | "fok";
            expires_at: string | null;
            /**
             * @description pending -> open -> partially_filled -> filled; open|partially_filled -> cancelled|expired; pending -> rejected
             * @enum {string}
             */
            status: "pending" | "open" | "partially_filled" | "filled" | "cancelled" | "expired" | "rejected";
            filled_size: number;
            avg_fill_price: number | null;
            exchange_order_id: string | null;
            client_order_id: string | null;
            reject_reason: string | null;
            created_at: string;
            updated_at: string;
            fills: {
                id: string;
                /** @description The order's outcome: yes|no on a binary market on every venue (src/venues/outcome-sides.ts: the outcome labelled Yes/No, else the first/second of two), else the market's outcome id (its details' outcomes[].id) */
                outcome: string;
                /** @description The venue's own name of the outcome: kalshi yes|no, futuur long|short, the outcome token id on the EIP-712 venues */
                venue_outcome: string;
                /** @description 0..1 of the outcome */
                price: number;
                size: number;
                fee: number | null;
                timestamp: string;
            }[];
        };
        OrderList: {
            orders: components["schemas"]["Order"][];
            count: number;
            next_cursor: string | null;
        };
        /**
         * @description EIP-712 typed data: sign it with `wallet.signTypedData(domain, types, message)` (ethers) or `signTypedData({domain, types, primaryType, message})` (viem)
         * @example {
         *       "domain": {
         *         "name": "Polymarket CTF Exchange",
         *         "version": "2",
         *         "chainId": 137,
         *         "verifyingContract": "0xE111180000d2663C0091e4f400237545B87B996B"
         *       },
         *       "types": {
         *         "Order": [
         *           {
         *             "name": "salt",
         *             "type": "uint256"
         *           },
         *           {
         *             "name": "maker",
         *             "type": "address"
         *           },
         *           {
         *             "name": "signer",
         *             "type": "address"
         *           },
         *           {
         *             "name": "tokenId",
         *             "type": "uint256"
         *           },
         *           {
         *             "name": "makerAmount",
         *             "type": "uint256"
         *           },
         *           {
         *             "name": "takerAmount",
         *             "type": "uint256"
         *           },
         *           {
         *             "name": "side",
         *             "type": "uint8"
         *           },
         *           {
         *             "name": "signatureType",
         *             "type": "uint8"
         *           },
         *           {
         *             "name": "timestamp",
         *             "type": "uint256"
         *           },
         *           {
         *             "name": "metadata",
         *             "type": "bytes32"
         *           },
         *           {
         *             "name": "builder",
         *             "type": "bytes32"
         *           }
         *         ]
         *       },
         *       "primaryType": "Order",
         *       "message": {
         *         "salt": "184467440737095",
         *         "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *         "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *         "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *         "makerAmount": "4200000",
         *         "takerAmount": "10000000",
         *         "side": 0,
         *         "signatureType": 0,
         *         "timestamp": "1790000000000",
         *         "metadata": "0x0000000000000000000000000000000000000000000000000000000000000000",
         *         "builder": "0x0000000000000000000000000000000000000000000000000000000000000000"
         *       }
         *     }
         */
        OrderTypedData: {
            domain: {
                name: string;
                version: string;
                chainId: number;
                verifyingContract: string;
            };
            /** @description The struct types, without EIP712Domain (ethers and viem derive it from the domain; for eth_signTypedData_v4 add it: name string, version string, chainId uint256, verifyingContract address) */
            types: {
                [key: string]: {
                    name: string;
                    type: string;
                }[];
            };
            primaryType: string;
            /** @description The struct's fields; a nested struct (the order inside a polymarket deposit wallet's TypedDataSign) is an object of fields */
            message: {
                [key: string]: string | number | {
                    [key: string]: string | number;
                };
            };
        };
        ParlayTrade: {
            /** @description The venue's trade id */
            id: string;
            /** @description The combo market's ticker */
            market_id: string;
            /** @description The combo market's event ticker */
            event_id: string;
            /** @description The combo's title (its legs in words) */
            title: string | null;
            /** @description The multivariate event collection the combo belongs to, e.g. KXMVECROSSCATEGORY-R */
            mve_collection_ticker: string;
            /** @description The legs the combo combines */
            mve_selected_legs: {
                event_ticker: string;
                market_ticker: string;
                /** @description The side of the leg's market the combo takes: yes or no */
                side: string;
            }[];
            /** @description Probability of YES of the combo (0..1), the venue's yes price */
            price: number;
            /** @description Contracts */
            size: number;
            /**
             * @description Whether the taker bought or sold YES
             * @enum {string|null}
             */
            taker_side: "buy" | "sell" | null;
            /** @description Always yes: the price is YES's */
            outcome: string | null;
            /** Format: date-time */
            timestamp: string;
        };
        ParlayTradeList: {
            trades: components["schemas"]["ParlayTrade"][];
            count: number;
            next_cursor: string | null;
        };
        PlaceOrder: {
            /** @description A trading venue: kalshi, polymarket, limitless, predictfun, opinion, futuur */
            exchange: string;
            market_id: string;
            /** @description yes|no on every trading venue for a binary market (the service maps it to kalshi yes|no, futuur long|short, the EIP-712 venues' outcome token, which the signed order must trade), or one of the market's outcome ids (its details' outcomes[].id); the venues' own names (futuur long|short, a token id) are accepted too. Orders, their fills and positions name it the same way: yes|no on a binary market, the venue's own name in venue_outcome */
            outcome: string;
            /** @enum {string} */
            side: "buy" | "sell";
            /**
             * @default limit
             * @enum {string}
             */
            type: "limit" | "market";
            /** @description Limit price, 0..1 of the outcome; required for limit orders */
            price?: number | null;
            /** @description Contracts/shares */
            size: number;
            /**
             * @default gtc
             * @enum {string}
             */
            time_in_force: "gtc" | "gtd" | "ioc" | "fok";
            /**
             * Format: date-time
             * @description Required for gtd (ISO 8601)
             */
            expires_at?: string | null;
            /** @description Idempotency key: repeating it with the same body returns the first order (200) and sends nothing twice; with a different body it is a 409 naming the differing fields */
            client_order_id?: string | null;
            /** @description polymarket, limitless, predictfun, opinion: the EIP-712 order signed on your machine (its fields and `signature`; POST /api/v1/orders/prepare makes it ready to sign); verified before anything is sent */
            signed_order?: {
                [key: string]: unknown;
            } & (components["schemas"]["PolymarketSignedOrder"] | components["schemas"]["LimitlessSignedOrder"] | components["schemas"]["PredictfunSignedOrder"] | components["schemas"]["OpinionSignedOrder"] | null);
        };
        /**
         * @description polymarket: the CTF Exchange order, amounts in 6 decimals (pUSD and shares). Domains: polymarket {name "Polymarket CTF Exchange", version "2", chainId 137, verifyingContract: the standard or neg-risk exchange}; limitless {"Limitless CTF Exchange", "1", 8453, the market's exchange}; predictfun {"predict.fun CTF Exchange", "1", 56, the exchange of the market's kind}; opinion {"OPINION CTF Exchange", "1", 56, the quote token's exchange}. POST /api/v1/orders/prepare answers the exact typed data.
         * @example {
         *       "salt": "184467440737095",
         *       "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *       "makerAmount": "4200000",
         *       "takerAmount": "10000000",
         *       "side": 0,
         *       "signatureType": 0,
         *       "timestamp": "1790000000000",
         *       "metadata": "0x0000000000000000000000000000000000000000000000000000000000000000",
         *       "builder": "0x0000000000000000000000000000000000000000000000000000000000000000",
         *       "expiration": "0",
         *       "taker": "0x0000000000000000000000000000000000000000",
         *       "negRisk": false,
         *       "signature": "0x0c05de2eb4295bc80280252b3ca159b68df344e283222148d6e0f8542c52eb5c296b5014bde31edaa054606d96d5c226726c716c5e4adbe7cf66e7a72224ba731c"
         *     }
         */
        PolymarketSignedOrder: {
            /** @description Any unsigned integer, unique per order */
            salt: string;
            /** @description The wallet holding the funds */
            maker: string;
            /** @description The address whose key signs */
            signer: string;
            /** @description The outcome token traded (= the body's `outcome`) */
            tokenId: string;
            /** @description Base units given: a buy's collateral (price x size), a sell's shares */
            makerAmount: string;
            /** @description Base units received: a buy's shares, a sell's collateral */
            takerAmount: string;
            /** @description 0 buy, 1 sell */
            side: 0 | 1;
            /** @description 0 EOA, 1 proxy, 2 Gnosis Safe */
            signatureType: number;
            /** @description Milliseconds since the epoch */
            timestamp: string;
            /** @description 0x00..00 */
            metadata: string;
            /** @description 0x00..00 */
            builder: string;
            /** @description Unix seconds; 0 = none (sent with the order, not signed) */
            expiration: string;
            /** @description 0x0000000000000000000000000000000000000000 (sent with the order, not signed) */
            taker: string;
            /** @description Whether the token's market is neg-risk: picks the exchange contract the domain names */
            negRisk: boolean;
            /** @description The EIP-712 signature (0x, 65 bytes) of the typed data by `signer` */
            signature: string;
        };
        /**
         * @description PolymarketSignedOrder without its signature
         * @example {
         *       "salt": "184467440737095",
         *       "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *       "makerAmount": "4200000",
         *       "takerAmount": "10000000",
         *       "side": 0,
         *       "signatureType": 0,
         *       "timestamp": "1790000000000",
         *       "metadata": "0x0000000000000000000000000000000000000000000000000000000000000000",
         *       "builder": "0x0000000000000000000000000000000000000000000000000000000000000000",
         *       "expiration": "0",
         *       "taker": "0x0000000000000000000000000000000000000000",
         *       "negRisk": false
         *     }
         */
        PolymarketUnsignedOrder: {
            /** @description Any unsigned integer, unique per order */
            salt: string;
            /** @description The wallet holding the funds */
            maker: string;
            /** @description The address whose key signs */
            signer: string;
            /** @description The outcome token traded (= the body's `outcome`) */
            tokenId: string;
            /** @description Base units given: a buy's collateral (price x size), a sell's shares */
            makerAmount: string;
            /** @description Base units received: a buy's shares, a sell's collateral */
            takerAmount: string;
            /** @description 0 buy, 1 sell */
            side: 0 | 1;
            /** @description 0 EOA, 1 proxy, 2 Gnosis Safe */
            signatureType: number;
            /** @description Milliseconds since the epoch */
            timestamp: string;
            /** @description 0x00..00 */
            metadata: string;
            /** @description 0x00..00 */
            builder: string;
            /** @description Unix seconds; 0 = none (sent with the order, not signed) */
            expiration: string;
            /** @description 0x0000000000000000000000000000000000000000 (sent with the order, not signed) */
            taker: string;
            /** @description Whether the token's market is neg-risk: picks the exchange contract the domain names */
            negRisk: boolean;
        };
        Positions: {
            exchange: string;
            positions: {
                /** @description The venue's market id, as the catalog and orders use it */
                market_id: string;
                /** @description The outcome held, named as orders name it: yes|no on a binary market on every venue (src/venues/outcome-sides.ts: the outcome labelled Yes/No, else the first/second of two), else the market's outcome id (its details' outcomes[].id) */
                outcome: string;
                /** @description The venue's own name of the outcome: kalshi yes|no, futuur long|short, the outcome token id on the EIP-712 venues */
                venue_outcome: string;
                /** @description Contracts/shares held */
                size: number;
                /** @description Average price paid, 0..1 of the outcome; null when the venue does not say */
                avg_price: number | null;
                /** @description The venue's valuation of the position now, in USD (or its dollar stablecoin at par); null when it gives none */
                value: number | null;
            }[];
            count: number;
        };
        /**
         * @description predictfun: the CTF order (V1 struct), maker = signer, signatureType 0, amounts in 18 decimals (USDT and shares). Domains: polymarket {name "Polymarket CTF Exchange", version "2", chainId 137, verifyingContract: the standard or neg-risk exchange}; limitless {"Limitless CTF Exchange", "1", 8453, the market's exchange}; predictfun {"predict.fun CTF Exchange", "1", 56, the exchange of the market's kind}; opinion {"OPINION CTF Exchange", "1", 56, the quote token's exchange}. POST /api/v1/orders/prepare answers the exact typed data.
         * @example {
         *       "salt": "184467440737095",
         *       "maker": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "signer": "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A",
         *       "taker": "0x0000000000000000000000000000000000000000",
         *       "tokenId": "71321045679252212594626385532706912750332728571942532289631379312455583992563",
         *       "makerAmount": "4200000000000000000",
         *       "takerAmount": "10000000000000000000",
         *       "expiration": "0",
         *       "nonce": "0",
         *       "feeRateBps": "0",
         *       "side": 0,
         *       "signatureType": 0,
         *       "signature": "0xcb7a5552d3d1051a6cefff613fa0cdbc0754c765dd57507bf6bb6a265076e7c708dd99f2cdb1689df2de85d87669e116f536a459da668372c62bc193c06814781b"
         *     }
         */
        PredictfunSignedOrder: {
            /** @description Any unsigned integer, unique per order */
            salt: string;
            /** @description The wallet holding the funds */
            maker: string;
            /** @description The address whose key signs */
            signer: string;
            /** @description The outcome token traded (= the body's `outcome`) */
            tokenId: string;
            /** @description Base units given: a buy's collateral (price x size), a sell's shares */
            makerAmount: string;
            /** @description Base units received: a buy's shares, a sell's collateral */
            takerAmount: string;
            /** @description 0 buy, 1 sell */
            side: 0 | 1;
            /** @description 0 EOA, 1 proxy, 2 Gnosis Safe */
            signatureType: number;
            /** @description 0x0000000000000000000000000000000000000000 (anyone) */
            taker: string;
            /** @description Unix seconds; 0 = none */
            expiration: string;
            /** @description 0 */
            nonce: string;
            /** @description 0 */
            feeRateBps: string;
            /** @description The EIP-712 signature (0x, 65 bytes) of the typed data by `signer` */
            signature: string;
        };
        PrepareOrder: {
            /** @description A venue whose orders you sign: polymarket, limitless, predictfun, opinion */
            exchange: string;
            market_id: string;
            /** @description yes|no on every trading venue for a binary market (the service maps it to kalshi yes|no, futuur long|short, the EIP-712 venues' outcome token, which the signed order must trade), or one of the market's outcome ids (its details' outcomes[].id); the venues' own names (futuur long|short, a token id) are accepted too. Orders, their fills and positions name it the same way: yes|no on a binary market, the venue's own name in venue_outcome */
            outcome: string;
            /** @enum {string} */
            side: "buy" | "sell";
            /**
             * @default limit
             * @enum {string}
             */
            type: "limit" | "market";
            /** @description Limit price, 0..1 of the outcome; required (for a market order, the worst price you accept: the signed amounts hold it) */
            price?: number | null;
            /** @description Contracts/shares */
            size: number;
            /**
             * @default gtc
             * @enum {string}
             */
            time_in_force: "gtc" | "gtd" | "ioc" | "fok";
            /**
             * Format: date-time
             * @description Required for gtd (ISO 8601)
             */
            expires_at?: string | null;
            /** @description Idempotency key: repeating it with the same body returns the first order (200) and sends nothing twice; with a different body it is a 409 naming the differing fields */
            client_order_id?: string | null;
            /** @description The address whose key signs. Required on limitless, predictfun, opinion (the Safe's owner); polymarket takes your stored credentials' address when absent */
            signer?: string | null;
            /** @description The wallet holding the funds, where it is not the signer: polymarket your proxy or Safe (default: the stored funder, else the Safe for signature_type 2, else the signer); opinion your Safe (default: the stored multi_sig_addr) */
            maker?: string | null;
        };
        PreparedOrder: {
            typed_data: components["schemas"]["OrderTypedData"];
            /** @description The body to post to POST /api/v1/orders once you set `signed_order.signature` to the signature of `typed_data` */
            order: {
                /** @description A trading venue: kalshi, polymarket, limitless, predictfun, opinion, futuur */
                exchange: string;
                market_id: string;
                /** @description yes|no on every trading venue for a binary market (the service maps it to kalshi yes|no, futuur long|short, the EIP-712 venues' outcome token, which the signed order must trade), or one of the market's outcome ids (its details' outcomes[].id); the venues' own names (futuur long|short, a token id) are accepted too. Orders, their fills and positions name it the same way: yes|no on a binary market, the venue's own name in venue_outcome */
                outcome: string;
                /** @enum {string} */
                side: "buy" | "sell";
                /** @enum {string} */
                type: "limit" | "market";
                /** @description Limit price, 0..1 of the outcome; required for limit orders */
                price?: number | null;
                /** @description Contracts/shares */
                size: number;
                /** @enum {string} */
                time_in_force: "gtc" | "gtd" | "ioc" | "fok";
                /**
                 * Format: date-time
                 * @description Required for gtd (ISO 8601)
                 */
                expires_at?: string | null;
                /** @description Idempotency key: repeating it with the same body returns the first order (200) and sends nothing twice; with a different body it is a 409 naming the differing fields */
                client_order_id?: string | null;
                signed_order: components["schemas"]["PolymarketUnsignedOrder"] | components["schemas"]["LimitlessUnsignedOrder"] | components["schemas"]["CtfUnsignedOrder"];
            };
        };
        Quotes: {
            quotes: {
                exchange: string;
                market_id: string;
                /** @description YES price 0..1: the mid of the recorder's newer book, else the venue's YES price */
                price: number | null;
                bid: number | null;
                ask: number | null;
                /** @description Last trade price */
                last: number | null;
                volume: number | null;
                /**
                 * Format: date-time
                 * @description When the freshest part of the quote was seen
                 */
                updated_at: string;
                /**
                 * @description recorded: the recorder had newer book or trade data than the last catalog sync
                 * @enum {string}
                 */
                source: "recorded" | "catalog";
                /** @description The catalog's status of the market (open, upcoming, closed, resolved, halted): only an open market's bid and ask can be traded */
                status: string;
            }[];
            count: number;
            /** @description Markets asked for that the catalog does not hold */
            missing: {
                exchange: string;
                market_id: string;
            }[];
        };
        /** @description kalshi {key_id, private_key (RSA, PEM)}; futuur {public_key, private_key}; polymarket {api_key, secret (base64), passphrase, address (0x hex), signature_type?, funder?}; limitless/predictfun/opinion {api_key, ...}. Posting again replaces the set. */
        RegisterCredentials: {
            /**
             * @description A venue with trading
             * @enum {string}
             */
            exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur";
        } & {
            [key: string]: unknown;
        };
        Rfq: {
            id: string;
            market_id: string;
            contracts: number | null;
            /** @description USD, when the RFQ asked for a cost instead of a size */
            target_cost: number | null;
            /** @description open or closed (the venue's word) */
            status: string;
            rest_remainder: boolean | null;
            /** @description For a combo (parlay) market: its collection */
            mve_collection_ticker: string | null;
            mve_selected_legs: {
                event_ticker: string;
                market_ticker: string;
                side: string;
            }[] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string | null;
        };
        SafeAddress: {
            address: string;
            safe_address: string;
        };
        SemanticSearchRequest: {
            /**
             * @description Natural-language query
             * @example will bitcoin be worth more than 100k at the end of the year
             */
            query: string;
            /** @description One exchange code, or an array of them (the spec's form); default, or an empty array: all nine */
            exchange?: (string | string[]) & (string | ("kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit")[]);
            /** @description Only markets that are not closed (the same as status "open"); default false */
            active_only?: boolean;
            /**
             * @description open: open and upcoming markets; closed: closed and resolved ones; all (default): both, open ones ranked first among results of similar relevance
             * @enum {string}
             */
            status?: "open" | "closed" | "all";
            /**
             * @description One category of the shared vocabulary (GET /api/v1/categories lists them with counts); each result's `venue_category` keeps the venue's own word
             * @enum {string}
             */
            category?: "politics" | "crypto" | "sports" | "economics" | "finance" | "tech" | "science" | "climate" | "world" | "culture" | "other";
            /**
             * @description Results wanted, 1..100
             * @default 20
             */
            limit: number;
            /** @description next_cursor of the previous page (same request otherwise); pages reach the 200 best results (as grouped) */
            cursor?: string;
            /**
             * @description none (default): every market its own result; event: one result per venue event, so that one event cannot fill a page (a ladder's strikes or brackets count as one, the best match stands for them, `more_in_event` says how many more matched; `event=` lists them); cluster: one result per cross-venue cluster (`svc_id`), listing its `venues` with their catalog prices and the `best` prices across them. Pages, `total` and cursors count results as grouped.
             * @enum {string}
             */
            group?: "event" | "cluster" | "none";
            /** @description Only the markets of this event: a result's `event` (`<exchange>:<event id>`), e.g. to list what `more_in_event` counted */
            event?: string;
        };
        SemanticSearchResponse: {
            /** @description The query as sent */
            query: string;
            /** @description Results on this page */
            count: number;
            results: components["schemas"]["SemanticSearchResult"][];
            /** @description Pass as `cursor` for the next page; null on the last one */
            next_cursor: string | null;
        };
        SemanticSearchResult: {
            market_id: string;
            /** @enum {string} */
            exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
            title: string;
            /** @description A word of the shared vocabulary (GET /api/v1/categories) */
            category: string;
            closed: boolean;
            /** @description Lower is more relevant (the opposite direction of keyword search, where higher is better): cosine distance of the query to the nearer of the title and rules embeddings, minus up to 0.2 for query keywords found in the title, plus 0.1 for a closed or resolved market (open ones first among results of similar relevance) */
            score: number;
            /** @description Cross-exchange cluster id; present only when the market is in a cluster */
            svc_id?: string;
            /** @description open, upcoming, closed, resolved or halted */
            status: string;
            /** @description Price of Yes, 0..1, from the catalog (as of the last sync) */
            yes_price: number | null;
            yes_bid: number | null;
            yes_ask: number | null;
            /** @description Traded volume in the venue's unit */
            volume: number | null;
            /** @description ISO 8601 UTC */
            close_time: string | null;
            /** @description The venue's own category label (`category` is the shared vocabulary's word) */
            venue_category: string | null;
            /** @description The venue event of the market (`<exchange>:<event id>`; pass as `event=` to list its markets); null when it has none */
            event: string | null;
            /** @description group=event: how many other markets of this event matched and are not shown (0 for a market alone) */
            more_in_event?: number;
            /** @description group=cluster: every venue's market of this cluster (this result's own alone when unclustered), with its catalog quote; only the venues of `exchange` when given */
            venues?: {
                exchange: string;
                market_id: string;
                title: string;
                status: string;
                yes_price: number | null;
                yes_bid: number | null;
                yes_ask: number | null;
                volume: number | null;
                /** @description When the venue's data was last synced (ISO 8601 UTC) */
                updated_at: string;
            }[];
            /** @description group=cluster: the best YES ask and NO ask (1 - YES bid) across `venues`, their gap and the gap after taker fees, as GET /api/v1/clusters computes them: a venue counts while its market is open and its catalog quote is within the venue's freshness bound */
            best?: {
                /** @description The lowest YES ask over the venues that count */
                yes_ask: {
                    exchange: string;
                    market_id: string;
                    price: number;
                    /** @description The venue's taker fee for one contract at that price */
                    fee: number;
                } | null;
                /** @description The lowest NO ask (1 - YES bid) over the same venues */
                no_ask: {
                    exchange: string;
                    market_id: string;
                    price: number;
                    /** @description The venue's taker fee for one contract at that price */
                    fee: number;
                } | null;
                /** @description 1 - best YES ask - best NO ask (above 0: YES on one venue and NO on another cost less than the 1 they pay) */
                gap: number | null;
                gap_after_fees: number | null;
                /** @description false: a venue of the best legs publishes no fee model (counted as 0) */
                fees_complete: boolean;
            };
        };
        StreamAck: {
            /** @enum {string} */
            event: "subscribed" | "unsubscribed";
            kalshi_ids?: string[];
            market_ids?: string[];
            /** @description The kinds the message named (a subscribe without any: the default two); an unsubscribe of whole markets has none. */
            message_types?: ("prices" | "orderbook" | "trades")[];
        };
        /** @description Malformed JSON, an invalid field, an unknown market, too many subscriptions: the connection stays open and nothing changes. */
        StreamError: {
            error: string;
        };
        StreamOrderbook: {
            /** @enum {string} */
            type: "orderbook";
            data: {
                exchange: string;
                token_id: string | null;
                market_id: string;
                /** @description Bid prices, best (highest) first. */
                bid_side: number[];
                /** @description Ask prices, best (lowest) first. */
                ask_side: number[];
                /** @description Sizes of bid_side, level by level (an addition to the spec). */
                bid_sizes: number[];
                ask_sizes: number[];
                /** Format: date-time */
                last_update: string;
                /** @description Counts the messages of this kind for this market; a snapshot repeats the latest. A gap means messages were lost: resubscribe. */
                seq: number;
            };
        };
        StreamPrices: {
            /** @enum {string} */
            type: "prices";
            data: {
                exchange: string;
                market_id: string;
                price: number | null;
                yes_bid: number | null;
                yes_ask: number | null;
                volume: number | null;
                open_interest: number | null;
                /** Format: date-time */
                last_update: string;
                /** @description Counts the messages of this kind for this market; a snapshot repeats the latest. A gap means messages were lost: resubscribe. */
                seq: number;
            };
        };
        /** @description Client message on /ws/polymarket, /ws/limitless, /ws/predictfun; the same rules as StreamSubscribeKalshi with market_ids. */
        StreamSubscribe: {
            /** @enum {string} */
            action: "subscribe" | "unsubscribe";
            market_ids: string[];
            message_types?: ("prices" | "orderbook" | "trades")[];
        };
        /** @description Client message on /ws/kalshi. message_types defaults to ["prices","orderbook"]. Subscribing a market again adds the kinds named to those it has. An unsubscribe with action and kalshi_ids only leaves the markets; with message_types it removes only those kinds (a market left with none is unsubscribed). */
        StreamSubscribeKalshi: {
            /** @enum {string} */
            action: "subscribe" | "unsubscribe";
            kalshi_ids: string[];
            message_types?: ("prices" | "orderbook" | "trades")[];
        };
        StreamTrade: {
            /** @enum {string} */
            type: "trades";
            data: {
                id: string;
                exchange: string;
                market_id: string;
                yes_price: number;
                no_price: number;
                count: number;
                /** @enum {string|null} */
                taker_side: "buy" | "sell" | null;
                /** Format: date-time */
                last_update: string;
                /** @description Counts the messages of this kind for this market; a snapshot repeats the latest. A gap means messages were lost: resubscribe. */
                seq: number;
            };
        };
        SvcQuotes: {
            svc_id: string;
            cluster_id: string;
            merged_into: string | null;
            quotes: {
                exchange: string;
                market_id: string;
                /** @description YES price 0..1: the mid of the recorder's newer book, else the venue's YES price */
                price: number | null;
                bid: number | null;
                ask: number | null;
                /** @description Last trade price */
                last: number | null;
                volume: number | null;
                /**
                 * Format: date-time
                 * @description When the freshest part of the quote was seen
                 */
                updated_at: string;
                /**
                 * @description recorded: the recorder had newer book or trade data than the last catalog sync
                 * @enum {string}
                 */
                source: "recorded" | "catalog";
                /** @description The catalog's status of the market (open, upcoming, closed, resolved, halted): only an open market's bid and ask can be traded */
                status: string;
            }[];
            count: number;
        };
        SvcStreamAck: {
            /** @enum {string} */
            event: "subscribed" | "unsubscribed";
            svc_ids: string[];
        };
        /** @description The cross-venue best (a leg, the gap or the gap after fees) changed. */
        SvcStreamBest: {
            /** @enum {string} */
            type: "best";
            svc_id: string;
            /** @description The lowest YES ask over the fresh quotes of open member markets. */
            yes_ask: {
                exchange: string;
                market_id: string;
                price: number;
                /** @description The venue's taker fee for one contract at this price (dollars). */
                fee: number;
            } | null;
            /** @description The lowest NO ask (1 - YES bid) over the same quotes. */
            no_ask: {
                exchange: string;
                market_id: string;
                price: number;
                /** @description The venue's taker fee for one contract at this price (dollars). */
                fee: number;
            } | null;
            /** @description 1 - yes_ask - no_ask: above 0, buying YES and NO on the two venues costs less than the 1 they pay (before fees). */
            gap: number | null;
            /** @description gap minus both legs' fee. */
            gap_after_fees: number | null;
            /** @description false: a venue of the best legs publishes no fee model, counted as 0. */
            fees_complete: boolean;
            /** @description Counts the cluster's messages on this instance: every number from the snapshot on reaches the client; a snapshot to a new subscriber repeats the latest. */
            seq: number;
        };
        SvcStreamBestFields: {
            /** @description The lowest YES ask over the fresh quotes of open member markets. */
            yes_ask: {
                exchange: string;
                market_id: string;
                price: number;
                /** @description The venue's taker fee for one contract at this price (dollars). */
                fee: number;
            } | null;
            /** @description The lowest NO ask (1 - YES bid) over the same quotes. */
            no_ask: {
                exchange: string;
                market_id: string;
                price: number;
                /** @description The venue's taker fee for one contract at this price (dollars). */
                fee: number;
            } | null;
            /** @description 1 - yes_ask - no_ask: above 0, buying YES and NO on the two venues costs less than the 1 they pay (before fees). */
            gap: number | null;
            /** @description gap minus both legs' fee. */
            gap_after_fees: number | null;
            /** @description false: a venue of the best legs publishes no fee model, counted as 0. */
            fees_complete: boolean;
        };
        /** @description The cluster no longer exists: nothing more comes for this svc_id. */
        SvcStreamDissolved: {
            /** @enum {string} */
            type: "dissolved";
            svc_id: string;
        };
        /** @description The svc_id's cluster merged into merged_into: the client now follows that cluster, whose snapshot follows. */
        SvcStreamMerged: {
            /** @enum {string} */
            type: "merged";
            svc_id: string;
            merged_into: string;
        };
        /** @description One member's quote changed. */
        SvcStreamQuote: {
            /** @enum {string} */
            type: "quote";
            svc_id: string;
            exchange: string;
            market_id: string;
            /** @description The catalog's status of the market; null when the catalog does not hold it. Only open markets count for best. */
            status: string | null;
            yes_bid: number | null;
            yes_ask: number | null;
            last_price: number | null;
            /**
             * Format: date-time
             * @description When the service last had this quote from the venue.
             */
            as_of: string;
            /** @description Older than its venue's freshness bound and not held from a live stream: never used for best. */
            stale: boolean;
            /** @description Counts the cluster's messages on this instance: every number from the snapshot on reaches the client; a snapshot to a new subscriber repeats the latest. */
            seq: number;
        };
        /** @description Every member's quote and the best: on subscribe, after the cluster's members changed, after a fan-out leader change. */
        SvcStreamSnapshot: {
            /** @enum {string} */
            type: "snapshot";
            svc_id: string;
            quotes: {
                exchange: string;
                market_id: string;
                /** @description The catalog's status of the market; null when the catalog does not hold it. Only open markets count for best. */
                status: string | null;
                yes_bid: number | null;
                yes_ask: number | null;
                last_price: number | null;
                /**
                 * Format: date-time
                 * @description When the service last had this quote from the venue.
                 */
                as_of: string;
                /** @description Older than its venue's freshness bound and not held from a live stream: never used for best. */
                stale: boolean;
            }[];
            best: components["schemas"]["SvcStreamBestFields"];
            /** @description Counts the cluster's messages on this instance: every number from the snapshot on reaches the client; a snapshot to a new subscriber repeats the latest. */
            seq: number;
        };
        /** @description Client message on /ws/svc: {"action":"subscribe"|"unsubscribe","svc_ids":[...]}. A svc_id that merged away is followed as its survivor (a merged message first). */
        SvcStreamSubscribe: {
            /** @enum {string} */
            action: "subscribe" | "unsubscribe";
            svc_ids: string[];
        };
        /** @description The latest sync of the venue removed nothing: its listing lacked more than SYNC_MAX_REMOVAL_SHARE of the catalog, or came from another source than the catalog. Cleared by the next sync that goes through; `npm run sync -- --allow-removals` overrides. */
        SyncRefused: {
            reason: string;
            /** @description Markets the listing lacked; null when the sync was refused before listing (a catalog of another source) */
            would_remove: number | null;
            catalog_markets: number;
            /** @description Where the refused sync listed from: simulator, or live and the base URLs */
            source: string | null;
            /** Format: date-time */
            at: string;
        };
        TestKey: {
            /** @description Shown once; only its hash is stored */
            api_key: string;
            key_id: string;
            /** @enum {string} */
            plan: "free";
            /** Format: date-time */
            expires_at: string;
            rate_limit_per_minute: number;
        };
        User: {
            id: string;
            email: string | null;
            /** Format: date-time */
            created_at: string;
        };
        VenueEvent: {
            /**
             * @description Venue code (path segment)
             * @enum {string}
             */
            exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
            event_id: string;
            title: string;
            subtitle: string | null;
            category: string;
            /**
             * @description The markets' vocabulary (open, upcoming, closed, resolved, halted), mapped from the venue's word or, when it has none, from the event's markets; null when neither says
             * @enum {string|null}
             */
            status: "open" | "upcoming" | "closed" | "resolved" | "halted" | null;
            /** @description The venue's own status word, as sent (e.g. polymarket active, limitless FUNDED) */
            venue_status: string | null;
            /** Format: date-time */
            close_time: string | null;
            market_count: number;
            updated_at: string;
        };
        /** @description A market from the catalog (prices are probabilities 0..1) */
        VenueMarket: {
            /**
             * @description Venue code (path segment)
             * @enum {string}
             */
            exchange: "kalshi" | "polymarket" | "limitless" | "predictfun" | "opinion" | "futuur" | "probable" | "manifold" | "predictit";
            market_id: string;
            event_id: string | null;
            title: string;
            subtitle: string | null;
            category: string;
            tags: string[];
            /** @enum {string} */
            status: "open" | "upcoming" | "closed" | "resolved" | "halted";
            closed: boolean;
            outcomes: {
                id: string;
                label: string;
                price: number | null;
            }[];
            yes_price: number | null;
            yes_bid: number | null;
            yes_ask: number | null;
            last_price: number | null;
            volume: number | null;
            volume_24h: number | null;
            liquidity: number | null;
            open_interest: number | null;
            /** Format: date-time */
            open_time: string | null;
            /** Format: date-time */
            close_time: string | null;
            /** Format: date-time */
            resolution_time: string | null;
            result: string | null;
            rules: string;
            url: string | null;
            /** @description Whether the market is neg-risk (one of a group whose outcomes exclude each other): polymarket, limitless, predictfun say; null elsewhere. On polymarket and predictfun it picks the exchange contract an order is signed for (POST /api/v1/orders/prepare chooses it) */
            neg_risk: boolean | null;
            /** @description Cross-exchange cluster id; null until matched */
            svc_id: string | null;
            cluster_id: string | null;
            /**
             * Format: date-time
             * @description When the venue's data was last refreshed
             */
            updated_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
