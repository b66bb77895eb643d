import type { ConsoleItem, ConsoleItemSummary, ConsoleMe, Finding, ItemSource, Revision } from '@moxa/core/console/console-contract';
import { ITEM_ID, REVISION_STATE_NAMES } from '@moxa/core/console/console-contract';
import {
  useCreate,
  useCustomMutation,
  useGetIdentity,
  useInvalidate,
  useList,
  useOne,
  useUpdate,
  useWarnAboutChange,
} from '@refinedev/core';
import Form from '@rjsf/antd';
import type { RJSFSchema } from '@rjsf/utils';
import { Alert, App as AntdApp, Breadcrumb, Button, Card, Input, Popconfirm, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useApi } from '../app.tsx';
import { mediaFormFields } from '../components/media-field.tsx';
import { PreviewDialog } from '../components/preview-dialog.tsx';
import { errorMessage } from '../lib/api.ts';
import { useDebounced } from '../lib/debounce.ts';
import {
  findingPlace,
  findingsToErrorSchema,
  findingText,
  formSchema,
  hasBlocking,
  parseJsonItem,
  sameSource,
  schemaHasPath,
  stableJson,
} from '../lib/form-helpers.ts';
import { apiPath } from '../lib/paths.ts';
import { useKindLabel } from '../lib/use-kind-label.ts';
import { translateZh } from '../lib/rjsf-zh.ts';
import { formValidator } from '../lib/validator.ts';

/** Revisions still open on an item (one at a time, issue #29): being written, in review, or waiting to publish. */
const OPEN_STATES = new Set(['draft', 'rejected', 'in_review', 'approved']);
const EDITABLE_STATES = new Set(['draft', 'rejected']);

/**
 * The item editor (issue #29): the form generated from the kind's schema (JSON when there is none),
 * the Markdown body, the automated checks run as staff type (POST check, debounced) and shown at
 * their field, 保存草稿, 提交审核 (off while a blocking finding stands), 预览 and, for new items, the id.
 */
export function EditorPage({ isNew = false }: { isNew?: boolean }) {
  const { kind = '', id: routeId = '' } = useParams();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const { data: me } = useGetIdentity<ConsoleMe>();
  const invalidate = useInvalidate();
  const kindLabel = useKindLabel();

  // A new item takes its form from an existing item of its kind (the same schema and format).
  const list = useList<ConsoleItemSummary>({
    resource: 'items',
    meta: { kind },
    pagination: { mode: 'off' },
    queryOptions: { enabled: isNew },
  });
  const templateId = isNew ? list.result.data[0]?.id : routeId;
  const item = useOne<ConsoleItem>({
    resource: 'items',
    id: templateId ?? '',
    meta: { kind },
    queryOptions: { enabled: Boolean(templateId) },
  });
  const revisions = useList<Revision>({
    resource: 'revisions',
    filters: [
      { field: 'kind', operator: 'eq', value: kind },
      { field: 'itemId', operator: 'eq', value: routeId },
    ],
    pagination: { mode: 'off' },
    queryOptions: { enabled: !isNew },
  });
  const open = isNew ? undefined : revisions.result.data.find((r) => OPEN_STATES.has(r.state));
  const published = isNew ? undefined : item.result;

  const [itemId, setItemId] = useState('');
  const [source, setSource] = useState<ItemSource | null>(null);
  const [saved, setSaved] = useState<ItemSource | null>(null);
  const [revisionId, setRevisionId] = useState<string | null>(null);
  const [jsonText, setJsonText] = useState<string | null>(null);
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);
  const [findings, setFindings] = useState<Finding[]>([]);
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<{ token: string; paths: string[] } | null>(null);
  const started = useRef(false);

  // Start once from the open draft (when it is ours to edit) or from the published source.
  useEffect(() => {
    if (started.current || !item.result || !me || (!isNew && revisions.query.isLoading)) return;
    started.current = true;
    const template = item.result.source;
    const initial: ItemSource = isNew
      ? template.format === 'markdown'
        ? { format: 'markdown', fields: {}, body: '' }
        : { format: 'json', value: {} }
      : // An open revision is what staff see (editable only by its author, while a draft).
        (open?.source ?? template);
    setSource(initial);
    setSaved(initial);
    if (open && !isNew) setFindings(open.findings);
    if (open && EDITABLE_STATES.has(open.state) && open.author.id === me?.id) setRevisionId(open.id);
    setJsonText(initial.format === 'json' && !item.result.schema ? stableJson(initial.value) : null);
  }, [item.result, isNew, open, me, revisions.query.isLoading]);

  // Drafts are written by editors (a reviewer-only account reads); admins pass every role check.
  const writer = Boolean(me?.roles.some((r) => r === 'editor' || r === 'admin'));
  const readOnly = !writer || Boolean(open && (!EDITABLE_STATES.has(open.state) || open.author.id !== me?.id));
  // The author (or an admin) can take back an open revision, e.g. one overtaken by a newer version.
  const canWithdraw = Boolean(open && open.state !== 'approved' && (open.author.id === me?.id || me?.roles.includes('admin')));
  const dirty = Boolean(source && saved && !sameSource(source, saved));
  const { setWarnWhen } = useWarnAboutChange();
  useEffect(() => setWarnWhen(dirty), [dirty, setWarnWhen]);

  // The checks on every pause in typing (one implementation in core, run by the server).
  const api = useApi();
  const settled = useDebounced(source, 600);
  const effectiveId = isNew ? itemId.trim() : routeId;
  const seq = useRef(0);
  useEffect(() => {
    if (!settled || readOnly || (isNew && !ITEM_ID.test(effectiveId))) return;
    const mine = ++seq.current;
    setChecking(true);
    api
      .post<{ findings: Finding[] }>(apiPath.check(), { kind, itemId: effectiveId, isNew, source: settled })
      .then((r) => mine === seq.current && setFindings(r.findings))
      .catch((e: unknown) => mine === seq.current && void message.error(errorMessage(e)))
      .finally(() => mine === seq.current && setChecking(false));
  }, [settled, kind, effectiveId, isNew, readOnly, api, message]);

  const { mutateAsync: create, mutation: createState } = useCreate<Revision>();
  const { mutateAsync: update, mutation: updateState } = useUpdate<Revision>();
  const { mutateAsync: action, mutation: actionState } = useCustomMutation<Revision>();

  const schema = useMemo(() => formSchema(item.result?.schema ?? null), [item.result?.schema]);

  if (item.query.error) return <Alert type="error" showIcon title={errorMessage(item.query.error)} />;
  if (isNew && list.result.data.length === 0 && !list.query.isLoading)
    return <Alert type="warning" showIcon title="这个类型还没有可参照的条目，暂不能在后台新建" />;
  if (!source || !item.result) return <Spin style={{ display: 'block', margin: 48 }} />;

  const blocking = hasBlocking(findings);
  const idProblem = isNew && !ITEM_ID.test(effectiveId) ? '编号只能用字母、数字、-、_ 和 .，以字母或数字开头' : null;

  /** Saves the draft (creates it the first time); returns its id. */
  const save = async (quiet = false): Promise<string | null> => {
    if (jsonProblem) return (void message.error(jsonProblem), null);
    if (idProblem) return (void message.error(idProblem), null);
    try {
      const result = revisionId
        ? await update({ resource: 'revisions', id: revisionId, values: { source }, successNotification: false })
        : await create({ resource: 'revisions', values: { kind, itemId: effectiveId, isNew, source }, successNotification: false });
      const rev = result.data;
      setRevisionId(rev.id);
      setSaved(rev.source);
      setFindings(rev.findings);
      if (!quiet) void message.success('草稿已保存');
      void invalidate({ resource: 'items', invalidates: ['list'] });
      return rev.id;
    } catch {
      return null; // Refine's notification shows the server's message.
    }
  };

  const submit = async () => {
    const id = dirty || !revisionId ? await save(true) : revisionId;
    if (!id) return;
    try {
      const result = await action({ url: apiPath.revisionAction(id, 'submit'), method: 'post', values: {}, successNotification: false });
      setFindings(result.data.findings ?? findings);
      void message.success('已提交审核');
      void invalidate({ resource: 'revisions', invalidates: ['list'] });
      void invalidate({ resource: 'items', invalidates: ['list'] });
      if (isNew) navigate(`/content/${kind}/${encodeURIComponent(effectiveId)}`, { replace: true });
      else started.current = false;
    } catch {
      /* shown by Refine */
    }
  };

  const withdraw = async () => {
    if (!open) return;
    try {
      await action({ url: apiPath.revisionAction(open.id, 'withdraw'), method: 'post', values: {}, successNotification: false });
      void message.success('已撤回这次修改');
      setRevisionId(null);
      setFindings([]);
      started.current = false;
      void invalidate({ resource: 'revisions', invalidates: ['list'] });
      void invalidate({ resource: 'items', invalidates: ['list'] });
    } catch {
      /* shown by Refine */
    }
  };

  const openPreview = async () => {
    const id = dirty || !revisionId ? await save(true) : (revisionId ?? open?.id ?? null);
    const target = id ?? open?.id;
    if (!target) return;
    try {
      const result = await action({
        url: apiPath.revisionAction(target, 'preview'),
        method: 'post',
        values: {},
        successNotification: false,
      });
      const data = result.data as unknown as { token: string; paths: string[] };
      setPreview({ token: data.token, paths: data.paths.length ? data.paths : (item.result?.paths ?? []) });
    } catch {
      /* shown by Refine */
    }
  };

  const fieldData = source.format === 'markdown' ? source.fields : source.value;
  const setFieldData = (data: Record<string, unknown>) =>
    setSource(source.format === 'markdown' ? { ...source, fields: data } : { format: 'json', value: data });
  const loose = findings.filter((f) => {
    const place = findingPlace(source.format, f);
    return place === 'item' || (place === 'field' && (!schema || !schemaHasPath(schema, f.field)));
  });
  const bodyFindings = findings.filter((f) => findingPlace(source.format, f) === 'body');
  const busy = createState.isPending || updateState.isPending || actionState.isPending;
  const title = isNew ? '新建条目' : (published?.title ?? routeId);

  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/content">内容</Link> }, { title: <Link to={`/content/${kind}`}>{kindLabel(kind)}</Link> }, { title }]}
        style={{ marginBottom: 12 }}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {!isNew && published ? <Tag>{published.version === 0 ? '初始版本' : `已发布 v${published.version}`}</Tag> : null}
          {open ? <Tag color="orange">{REVISION_STATE_NAMES[open.state]}</Tag> : null}
          {dirty ? <Tag color="gold">未保存</Tag> : null}
        </Space>
        {!isNew ? <Link to={`/content/${kind}/${encodeURIComponent(routeId)}/versions`}>版本历史</Link> : null}
      </Space>

      {!writer ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title="审核员只能查看内容；修改请由编辑完成" /> : null}
      {writer && readOnly && open ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            open.author.id !== me?.id && EDITABLE_STATES.has(open.state)
              ? `${open.author.name} 正在修改这个条目（${REVISION_STATE_NAMES[open.state]}），完成前其他人不能再改`
              : `这次修改${REVISION_STATE_NAMES[open.state]}${open.publishAt ? `，定时发布：${new Date(open.publishAt).toLocaleString('zh-CN')}` : ''}，暂不能编辑`
          }
        />
      ) : null}
      {open?.state === 'rejected' && open.comment ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`审核退回：${open.comment}`}
          description={open.reviewer ? `审核人：${open.reviewer.name}` : undefined}
        />
      ) : null}
      {loose.length > 0 ? (
        <Alert
          type={hasBlocking(loose) ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          title="自动检查发现的问题"
          description={
            <ul className="finding-list">
              {loose.map((f, i) => (
                <li key={i}>
                  {f.field ? <Typography.Text code>{f.field}</Typography.Text> : null} {findingText(f)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}

      <Card size="small" style={{ marginBottom: 12 }}>
        {isNew ? (
          <div style={{ marginBottom: 16 }}>
            <Typography.Text strong>编号</Typography.Text>
            <Input
              value={itemId}
              onChange={(e) => {
                setItemId(e.target.value);
                // The item's own id field (when its schema has one) follows the 编号 above.
                if (schema?.properties?.id) setFieldData({ ...fieldData, id: e.target.value.trim() });
              }}
              placeholder="例如 family-set-2（字母、数字、-、_、.）"
              status={itemId && idProblem ? 'error' : undefined}
              aria-label="编号"
              style={{ marginTop: 4 }}
            />
            {itemId && idProblem ? <Typography.Text type="danger">{idProblem}</Typography.Text> : null}
          </div>
        ) : null}
        {schema ? (
          <Form
            schema={schema as RJSFSchema}
            formData={fieldData}
            validator={formValidator}
            // Fields that take a picture or a video get the media picker (issue #30).
            fields={mediaFormFields}
            onChange={(e) => setFieldData((e.formData ?? {}) as Record<string, unknown>)}
            extraErrors={findingsToErrorSchema(source.format, findings)}
            showErrorList={false}
            noHtml5Validate
            readonly={readOnly}
            translateString={translateZh}
            // An item's id names its file and every link to it: set once, when the item is created.
            uiSchema={{ 'ui:submitButtonOptions': { norender: true }, id: { 'ui:readonly': true } }}
            // The source is saved as staff wrote it: no defaults, empty objects or empty list entries
            // filled in by the form (the server applies the kind's defaults when it compiles).
            experimental_defaultFormStateBehavior={{
              emptyObjectFields: 'skipDefaults',
              arrayMinItems: { populate: 'never' },
              constAsDefaults: 'never',
            }}
          />
        ) : (
          <>
            <Typography.Text strong>内容（JSON）</Typography.Text>
            <Input.TextArea
              value={jsonText ?? stableJson(fieldData)}
              autoSize={{ minRows: 10, maxRows: 30 }}
              readOnly={readOnly}
              aria-label="内容（JSON）"
              style={{ fontFamily: 'monospace', marginTop: 4 }}
              onChange={(e) => {
                setJsonText(e.target.value);
                const parsed = parseJsonItem(e.target.value);
                setJsonProblem(parsed.ok ? null : parsed.message);
                if (parsed.ok) setFieldData(parsed.value);
              }}
            />
            {jsonProblem ? <Typography.Text type="danger">{jsonProblem}</Typography.Text> : null}
          </>
        )}
      </Card>

      {source.format === 'markdown' ? (
        <Card size="small" title="正文（Markdown）" style={{ marginBottom: 12 }}>
          <Input.TextArea
            value={source.body}
            onChange={(e) => setSource({ ...source, body: e.target.value })}
            autoSize={{ minRows: 12, maxRows: 40 }}
            readOnly={readOnly}
            aria-label="正文"
            status={bodyFindings.some((f) => f.blocking) ? 'error' : bodyFindings.length ? 'warning' : undefined}
          />
          {bodyFindings.map((f, i) => (
            <div key={i} role="alert" style={{ color: f.blocking ? '#cf1322' : '#d48806', marginTop: 4 }}>
              {findingText(f)}
            </div>
          ))}
        </Card>
      ) : null}

      <Space wrap style={{ position: 'sticky', bottom: 0, zIndex: 10, background: '#f5f5f5', padding: '8px 0', width: '100%' }}>
        <Button
          onClick={() => void save()}
          disabled={readOnly || busy || Boolean(idProblem)}
          loading={createState.isPending || updateState.isPending}
        >
          保存草稿
        </Button>
        <Tooltip title={blocking ? '还有须修改的问题，改好后才能提交' : checking ? '正在检查…' : undefined}>
          <Button
            type="primary"
            onClick={() => void submit()}
            disabled={readOnly || busy || blocking || checking || Boolean(jsonProblem) || Boolean(idProblem)}
          >
            提交审核
          </Button>
        </Tooltip>
        <Button onClick={() => void openPreview()} disabled={busy || Boolean(idProblem) || (readOnly && !open)}>
          预览
        </Button>
        {canWithdraw ? (
          <Popconfirm
            title="撤回这次修改？"
            description="撤回后草稿作废，条目保持已发布的内容。"
            okText="撤回"
            cancelText="取消"
            onConfirm={() => withdraw()}
          >
            <Button danger disabled={busy}>
              撤回修改
            </Button>
          </Popconfirm>
        ) : null}
        <Typography.Text type="secondary">
          {checking
            ? '正在检查…'
            : findings.length === 0
              ? '自动检查通过'
              : `自动检查：${findings.filter((f) => f.blocking).length} 项须修改，${findings.filter((f) => !f.blocking).length} 项提醒`}
        </Typography.Text>
      </Space>
      <PreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </>
  );
}
