// ra-data-simple-rest against /api, adapted to our api: records carry MongoDB's `_id`
// (exposed to react-admin as `id`), the 'archive' resource lives at /api/past-raffles, a
// raffle's packages at /api/raffles/{id}/packages (meta.raffleId), and
// the screens that are not plain CRUD (lottery, prizes, reports, media…) use the extra
// methods below so that a 401 anywhere goes through the same authProvider.checkError.
import type { DataProvider, RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { raffleApiBase } from '@vag/contracts';
import { apiFetch, rawFetch } from './http';

export const API_URL = '/api';

/** react-admin resource name → api path segment. */
const RESOURCE_PATHS: Record<string, string> = {
  archive: 'past-raffles',
  'bank-statement-lines': 'admin/bank-statement-lines',
  'data-requests': 'admin/data-requests',
  invoices: 'admin/invoices',
};

/**
 * The api path of a resource; with `meta.raffleId`, the one raffle's (its packages live at
 * /api/raffles/{id}/packages, see the plan's scoped SPEC §7 calls).
 */
export function resourcePath(resource: string, meta?: { raffleId?: unknown }): string {
  const path = RESOURCE_PATHS[resource] ?? resource;
  const raffleId = meta?.raffleId;
  return typeof raffleId === 'string' && raffleId
    ? `${raffleApiBase(raffleId).replace(/^\/api\//, '')}/${path}`
    : path;
}

/** Gives every record the `id` react-admin needs, from the api's `_id`. */
export function withId<T extends object>(record: T): T & RaRecord {
  const r = record as T & { _id?: unknown; id?: unknown };
  const id = r.id ?? r._id;
  return { ...record, id } as T & RaRecord;
}

/**
 * A create or update answer as the record react-admin caches: without the api's toast
 * text, so the edit screen's own fetch of the record finds it unchanged.
 */
export function recordOf<T extends object>(answer: T): Omit<T, 'msg'> & RaRecord {
  const { msg: _msg, ...record } = answer as T & { msg?: unknown };
  return withId(record as Omit<T, 'msg'>);
}

/** The api owns ids and timestamps; never send them back in a body. */
export function toPayload(data: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, _id: _mongoId, createdAt: _c, updatedAt: _u, ...rest } = data;
  return rest;
}

export interface VagDataProvider extends DataProvider {
  /** A JSON call to /api{path}; answers the parsed body. */
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options?: { auth?: boolean },
  ): Promise<T>;
  /** GET /api{path} as a file and hands it to the browser under `filename`. */
  download(path: string, filename: string): Promise<void>;
  /** POST multipart to /upload-media.php (SPEC §7 media). */
  upload(form: FormData): Promise<void>;
}

const httpClient = (url: string, options: RequestInit = {}) =>
  apiFetch(url, { ...options, auth: true });

/** GET on public lists must work for everyone, but the staff token is harmless there. */
export function createDataProvider(): VagDataProvider {
  const base = simpleRestProvider(API_URL, httpClient, 'Content-Range');
  const provider: DataProvider = {
    getList: async (resource, params) => {
      const result = await base.getList(resourcePath(resource, params.meta), params);
      return { ...result, data: result.data.map(withId) };
    },
    getOne: async (resource, params) => {
      const result = await base.getOne(resourcePath(resource, params.meta), params);
      return { data: withId(result.data) };
    },
    getMany: async (resource, params) => {
      const result = await base.getMany(resourcePath(resource, params.meta), params);
      return { data: result.data.map(withId) };
    },
    getManyReference: async (resource, params) => {
      const result = await base.getManyReference(resourcePath(resource, params.meta), params);
      return { ...result, data: result.data.map(withId) };
    },
    create: async (resource, params) => {
      const result = await base.create(resourcePath(resource, params.meta), {
        ...params,
        data: toPayload(params.data),
      });
      return { data: recordOf(result.data) };
    },
    update: async (resource, params) => {
      const result = await base.update(resourcePath(resource, params.meta), {
        ...params,
        data: toPayload(params.data),
      });
      return { data: recordOf(result.data) };
    },
    updateMany: (resource, params) => base.updateMany(resourcePath(resource), params),
    delete: async (resource, params) => {
      await httpClient(
        `${API_URL}/${resourcePath(resource, params.meta)}/${encodeURIComponent(String(params.id))}`,
        {
          method: 'DELETE',
        },
      );
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    deleteMany: (resource, params) => base.deleteMany(resourcePath(resource), params),
  };
  return {
    ...provider,
    async call<T>(method: string, path: string, body?: unknown, options: { auth?: boolean } = {}) {
      const init: RequestInit & { auth?: boolean } = { method, auth: options.auth ?? true };
      if (body !== undefined) init.body = JSON.stringify(body);
      const { json } = await apiFetch(`${API_URL}${path}`, init);
      return json as T;
    },
    async download(path: string, filename: string) {
      const response = await rawFetch(`${API_URL}${path}`, { headers: { Accept: '*/*' } });
      const blob = await response.blob();
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = filename;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
    async upload(form: FormData) {
      await rawFetch('/upload-media.php', { method: 'POST', body: form });
    },
  };
}

export const dataProvider = createDataProvider();
