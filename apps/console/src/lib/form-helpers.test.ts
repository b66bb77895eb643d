import type { Finding } from '@moxa/core/console/console-contract';
import { describe, expect, it } from 'vitest';
import { auditQuery, detailSummary } from './audit.ts';
import { codeProblem, mobileProblem, wireMobile } from './auth.ts';
import {
  findingPlace,
  findingsToErrorSchema,
  formSchema,
  hasBlocking,
  parseJsonItem,
  pathKeys,
  sameSource,
  schemaHasPath,
  sourceText,
} from './form-helpers.ts';
import { canSee } from './roles.ts';
import { formValidator } from './validator.ts';

const f = (field: string, blocking = true, message = '原因'): Finding => ({ rule: 'r', field, message, blocking });

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    title: { type: 'string' },
    price: { type: 'number', minimum: 0 },
    prescriptions: { type: 'array', items: { type: 'object', properties: { points: { type: 'array', items: { type: 'string' } } } } },
  },
  required: ['title'],
};

describe('editor helpers (issue #29)', () => {
  it('places each finding at its field as the form’s extra errors, with the reason', () => {
    const schema = findingsToErrorSchema('markdown', [
      f('price', true, '价格须写在字段里'),
      f('prescriptions.0.points', true, '至阴穴孕期禁灸'),
      f('prescriptions.0.points', false, '提醒'),
      f('body', true, '不得承诺治愈'),
      f('', true, '整体'),
    ]);
    expect(schema).toEqual({
      price: { __errors: ['【须修改】价格须写在字段里'] },
      prescriptions: { 0: { points: { __errors: ['【须修改】至阴穴孕期禁灸', '【提醒】提醒'] } } },
    });
    expect(findingPlace('markdown', f('body'))).toBe('body');
    expect(findingPlace('json', f('body'))).toBe('field');
    expect(findingPlace('json', f(''))).toBe('item');
    expect(pathKeys('a[0].b')).toEqual(['a', '0', 'b']);
  });

  it('blocks the submit only while a blocking finding stands', () => {
    expect(hasBlocking([])).toBe(false);
    expect(hasBlocking([f('price', false)])).toBe(false);
    expect(hasBlocking([f('price', false), f('body', true)])).toBe(true);
  });

  it('knows which finding paths the form can show, the rest go above the form', () => {
    const s = formSchema(SCHEMA)!;
    expect(schemaHasPath(s, 'price')).toBe(true);
    expect(schemaHasPath(s, 'prescriptions.0.points')).toBe(true);
    expect(schemaHasPath(s, 'prescriptions.x.points')).toBe(false);
    expect(schemaHasPath(s, 'specs')).toBe(false);
    expect(schemaHasPath(null, 'price')).toBe(false);
  });

  it('readies the schema for the form: no $schema, Chinese labels where none are given, input untouched', () => {
    const s = formSchema(SCHEMA)!;
    expect(s.$schema).toBeUndefined();
    expect(SCHEMA.$schema).toBeDefined();
    expect((s.properties!.price as { title?: string }).title).toBe('价格');
    expect(formSchema({ type: 'object', properties: { price: { type: 'number', title: '售价' } } })!.properties!.price).toMatchObject({
      title: '售价',
    });
    expect(formSchema(null)).toBeNull();
  });

  it('writes sources as text whose diff follows content, not key order', () => {
    const a = sourceText({ format: 'markdown', fields: { title: '艾灸盒', price: 199 }, body: '正文' });
    const b = sourceText({ format: 'markdown', fields: { price: 199, title: '艾灸盒' }, body: '正文\n' });
    expect(a).toBe(b);
    expect(a).toContain('"price": 199');
    expect(a.endsWith('---\n正文\n')).toBe(true);
    expect(sameSource({ format: 'json', value: { a: 1, b: [1, 2] } }, { format: 'json', value: { b: [1, 2], a: 1 } })).toBe(true);
    expect(sameSource({ format: 'json', value: { a: 1 } }, { format: 'json', value: { a: 2 } })).toBe(false);
  });

  it('parses the JSON editor’s text, with a Chinese message when it is not an object', () => {
    expect(parseJsonItem('{"price": 1}')).toEqual({ ok: true, value: { price: 1 } });
    expect(parseJsonItem('{"price": ')).toMatchObject({ ok: false, message: expect.stringMatching(/^JSON 格式不正确/) });
    expect(parseJsonItem('[1]')).toEqual({ ok: false, message: 'JSON 须是一个对象（{ … }）' });
    expect(parseJsonItem('null')).toMatchObject({ ok: false });
  });

  it('validates with the schema (2020-12) without eval, for the form’s choice of branches', () => {
    const s = formSchema(SCHEMA)!;
    expect(formValidator.isValid(s, { title: '艾灸盒', price: 1 }, s)).toBe(true);
    expect(formValidator.isValid(s, { price: -1 }, s)).toBe(false);
    // Messages come from the server's checks in Chinese, never from the form's validator.
    expect(formValidator.validateFormData({ price: -1 }, s).errors).toEqual([]);
  });

  it('checks phone numbers and codes as the login screen does, and writes them for the wire', () => {
    expect(mobileProblem('86', '138 0013 8000')).toBeNull();
    expect(mobileProblem('86', '12345')).toBe('请输入正确的手机号');
    expect(mobileProblem('852', '61234567')).toBeNull();
    expect(wireMobile('86', '138-0013-8000')).toBe('13800138000');
    expect(wireMobile('852', '6123 4567')).toBe('+85261234567');
    expect(codeProblem('123456')).toBeNull();
    expect(codeProblem('12a')).toBe('请输入正确的验证码');
  });

  it('shows each part of the console to the roles that use it', () => {
    expect(canSee(['user', 'editor'], 'content')).toBe(true);
    expect(canSee(['user', 'editor'], 'review')).toBe(false);
    expect(canSee(['user', 'reviewer'], 'review')).toBe(true);
    expect(canSee(['user', 'reviewer'], 'staff')).toBe(false);
    expect(canSee(['user', 'editor'], 'audit')).toBe(false);
    expect(canSee(['user', 'reviewer'], 'audit')).toBe(true);
    expect(canSee(['user', 'admin'], 'staff')).toBe(true);
    expect(canSee(['user', 'advisor'], 'content')).toBe(false);
    expect(canSee(['user', 'editor'], 'vitals')).toBe(true);
    expect(canSee(['user', 'reviewer'], 'vitals')).toBe(false);
  });

  it('turns the audit filters into the API’s query', () => {
    expect(auditQuery({ actor: ' 编辑甲 ', action: '', subject: undefined, from: 1, to: null })).toEqual({ actor: '编辑甲', from: 1 });
    expect(detailSummary({ before: { price: 199 }, after: { price: 168 }, note: null })).toBe(
      'before: {"price":199}；after: {"price":168}',
    );
    expect(detailSummary({ publishAt: Date.UTC(2026, 10, 26, 4, 0) })).toMatch(/^publishAt: 2026\/11\/26 /);
  });
});
