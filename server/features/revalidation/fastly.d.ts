// The `fastly` package (Fastly's official client) ships no types: what `fastlyPurger.ts` uses of it.
declare module 'fastly' {
  export class ApiClient {
    basePath: string;
    authenticate(token: string): void;
    buildUrl(path: string, pathParams: object, pathParamsAllowReserved: object, apiBasePath?: string): string;
  }
  export class PurgeApi {
    constructor(apiClient?: ApiClient);
    bulkPurgeTag(options: {
      service_id: string;
      fastly_soft_purge?: number;
      surrogate_key?: string;
      purge_response?: { surrogate_keys: string[] };
    }): Promise<Record<string, string>>;
  }
}
