import type { BaseRecord, CrudFilter, DataProvider, GetListResponse } from '@refinedev/core';
import { ConsoleApiError, type Api, type Query } from './api.ts';
import { apiPath, CONSOLE_API } from './paths.ts';

/**
 * Refine's data provider over the console API (issue #29). Resources:
 * - `kinds` (list), `items` (list/one; `meta.kind`), `versions` (list/one; `meta.kind`, `meta.itemId`,
 *   the version number as id), `revisions` (list with filters state/kind/itemId/mine; one; create;
 *   update = the author saves the draft again), `audit` (list with filters actor/action/subject/from/to/
 *   before), `staff` (list; create = add by mobile; update = roles).
 * - `custom` runs any other call under /api/v8/console (submit, approve, reject, preview, check, rollback).
 * Lists come back whole from the API; Refine's pagination is done in the table. Every record carries an
 * `id` (kinds by name, versions by number), as Refine's caches key records by it.
 */
export type ListResource = 'kinds' | 'items' | 'versions' | 'revisions' | 'audit' | 'staff';

const unsupported = (what: string) => new ConsoleApiError(400, 40000, `不支持的操作：${what}`);

/** Refine filters (`eq` only, as the API's query strings are exact matches) to query parameters. */
export function filtersToQuery(filters: readonly CrudFilter[] | undefined): Query {
  const query: Query = {};
  for (const f of filters ?? []) {
    if (!('field' in f)) throw unsupported('组合筛选');
    if (f.value === undefined || f.value === null || f.value === '') continue;
    if (f.operator !== 'eq') throw unsupported(`筛选方式 ${f.operator}`);
    query[f.field] = f.value as string | number | boolean;
  }
  return query;
}

function need(meta: Record<string, unknown> | undefined, key: string): string {
  const value = meta?.[key];
  if (typeof value !== 'string' || !value) throw unsupported(`缺少 ${key}`);
  return value;
}

/** A list path for a resource and its meta. */
export function listPath(resource: string, meta?: Record<string, unknown>): string {
  switch (resource) {
    case 'kinds':
      return apiPath.kinds();
    case 'items':
      return apiPath.items(need(meta, 'kind'));
    case 'versions':
      return apiPath.versions(need(meta, 'kind'), need(meta, 'itemId'));
    case 'revisions':
      return apiPath.revisions();
    case 'audit':
      return apiPath.audit();
    case 'staff':
      return apiPath.staff();
    default:
      throw unsupported(`资源 ${resource}`);
  }
}

export function onePath(resource: string, id: string | number, meta?: Record<string, unknown>): string {
  switch (resource) {
    case 'items':
      return apiPath.item(need(meta, 'kind'), String(id));
    case 'versions':
      return apiPath.version(need(meta, 'kind'), need(meta, 'itemId'), Number(id));
    case 'revisions':
      return apiPath.revision(String(id));
    default:
      throw unsupported(`读取 ${resource}`);
  }
}

/** Gives each record the `id` Refine keys it by. */
export function withId(resource: string, record: BaseRecord): BaseRecord {
  if (resource === 'kinds') return { ...record, id: record.kind as string };
  if (resource === 'versions') return { ...record, id: record.version as number };
  return record;
}

/** A list answer is an array, or an object holding one (`items`, `entries`, `revisions`, …). */
export function listOf(data: unknown): BaseRecord[] {
  if (Array.isArray(data)) return data as BaseRecord[];
  if (data && typeof data === 'object') {
    const arrays = Object.values(data).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] as BaseRecord[];
  }
  throw new ConsoleApiError(500, -1, '服务器的回答格式不对，请刷新后重试');
}

/** A path for `custom`: relative ones are under /api/v8/console; only console paths are allowed. */
export function customPath(url: string): string {
  const path = url.startsWith('/') ? url : `${CONSOLE_API}/${url}`;
  if (!path.startsWith(`${CONSOLE_API}/`)) throw unsupported(`路径 ${url}`);
  return path;
}

export function consoleDataProvider(api: Api): DataProvider {
  return {
    getApiUrl: () => CONSOLE_API,
    async getList<TData extends BaseRecord = BaseRecord>({ resource, filters, meta }: Parameters<DataProvider['getList']>[0]) {
      const data = await api.get<unknown>(listPath(resource, meta), filtersToQuery(filters));
      const rows = listOf(data).map((r) => withId(resource, r)) as TData[];
      return { data: rows, total: rows.length } satisfies GetListResponse<TData>;
    },
    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider['getOne']>[0]) {
      return { data: withId(resource, await api.get<BaseRecord>(onePath(resource, id, meta))) as TData };
    },
    async create<TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      variables,
    }: Parameters<DataProvider['create']>[0] & { variables: TVariables }) {
      if (resource !== 'revisions' && resource !== 'staff') throw unsupported(`新建 ${resource}`);
      return { data: await api.post<TData>(listPath(resource), variables) };
    },
    async update<TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      id,
      variables,
    }: Parameters<DataProvider['update']>[0] & { variables: TVariables }) {
      if (resource === 'revisions') return { data: await api.put<TData>(apiPath.revision(String(id)), variables) };
      if (resource === 'staff') return { data: await api.put<TData>(apiPath.staffRoles(String(id)), variables) };
      throw unsupported(`修改 ${resource}`);
    },
    // Nothing in the console is deleted: revisions are withdrawn, versions and the audit log are kept (issue #29).
    async deleteOne({ resource }) {
      throw unsupported(`删除 ${resource}`);
    },
    async custom<TData extends BaseRecord = BaseRecord>({
      url,
      method,
      payload,
      query,
    }: Parameters<NonNullable<DataProvider['custom']>>[0]) {
      const m = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) throw unsupported(`方法 ${method}`);
      const data = await api.request<TData>(m, customPath(url), {
        query: query as Query | undefined,
        body: m === 'GET' || m === 'DELETE' ? undefined : (payload ?? {}),
      });
      return { data };
    },
  };
}
