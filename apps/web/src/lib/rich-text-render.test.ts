import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { RichText } from '@moxa/core/content/rich-text';
import { renderRichText, type TagRenderers } from './rich-text-render.ts';

type Plain = string | { type: string; props: Record<string, unknown>; children: Plain[] };

/** The rendered elements as plain data (the component's name for a tag the app renders itself). */
function plain(node: ReactNode): Plain[] {
  if (node === undefined || node === null) return [];
  if (Array.isArray(node)) return node.flatMap(plain);
  if (typeof node === 'string') return [node];
  if (!isValidElement(node)) throw new Error(`unexpected node ${String(node)}`);
  const el = node as ReactElement<Record<string, unknown>>;
  const { children, ...props } = el.props;
  return [
    {
      type: typeof el.type === 'string' ? el.type : `<${(el.type as { name: string }).name}>`,
      props,
      children: plain(children as ReactNode),
    },
  ];
}

const tree = (children: RichText['children']): RichText => ({ type: 'root', children });

describe('rich text → elements (decision 014, 049)', () => {
  it('maps tags and text, keeping the attributes the server keeps', () => {
    const out = renderRichText(
      tree([
        { type: 'element', tagName: 'h2', children: [{ type: 'text', value: '做法' }] },
        {
          type: 'element',
          tagName: 'blockquote',
          properties: { className: 'callout' },
          children: [
            {
              type: 'element',
              tagName: 'p',
              children: [
                { type: 'element', tagName: 'strong', children: [{ type: 'text', value: '注意' }] },
                { type: 'text', value: '：孕妇禁灸。' },
              ],
            },
          ],
        },
      ]),
      {},
    );
    expect(plain(out)).toEqual([
      { type: 'h2', props: {}, children: ['做法'] },
      {
        type: 'blockquote',
        props: { className: 'callout' },
        children: [{ type: 'p', props: {}, children: [{ type: 'strong', props: {}, children: ['注意'] }, '：孕妇禁灸。'] }],
      },
    ]);
  });

  it('aligns table cells with a style, drops whitespace between table parts, joins class lists', () => {
    const out = renderRichText(
      tree([
        {
          type: 'element',
          tagName: 'table',
          children: [
            { type: 'text', value: '\n' },
            {
              type: 'element',
              tagName: 'tr',
              properties: { className: ['a', 'b'] },
              children: [
                { type: 'text', value: ' ' },
                { type: 'element', tagName: 'td', properties: { align: 'center' }, children: [{ type: 'text', value: ' 3 ' }] },
              ],
            },
          ],
        },
      ]),
      {},
    );
    expect(plain(out)).toEqual([
      {
        type: 'table',
        props: {},
        children: [
          {
            type: 'tr',
            props: { className: 'a b' },
            children: [{ type: 'td', props: { style: { textAlign: 'center' } }, children: [' 3 '] }],
          },
        ],
      },
    ]);
  });

  it('hands the app’s own tags their props (data-* hyphenated) and a lone child as itself', () => {
    const Mark = () => null;
    const tags: TagRenderers = { span: Mark, img: Mark };
    const out = renderRichText(
      tree([
        {
          type: 'element',
          tagName: 'p',
          children: [
            { type: 'element', tagName: 'span', properties: { dataGloss: 'qi-xue' }, children: [{ type: 'text', value: '气血' }] },
            { type: 'element', tagName: 'img', properties: { alt: '图', dataMedia: '{"w":1}' }, children: [] },
          ],
        },
      ]),
      tags,
    );
    const [p] = plain(out) as Exclude<Plain, string>[];
    expect(p!.children.map((c) => (c as Exclude<Plain, string>).type)).toEqual(['<Mark>', '<Mark>']);
    const [span, img] = (out[0] as ReactElement<{ children: ReactElement<Record<string, unknown>>[] }>).props.children;
    expect(span!.props).toEqual({ 'data-gloss': 'qi-xue', children: '气血' });
    expect(img!.props).toEqual({ alt: '图', 'data-media': '{"w":1}', children: undefined });
  });

  it('renders no attribute the server does not keep: no handlers, no styles, no ids', () => {
    const out = renderRichText(
      tree([
        {
          type: 'element',
          tagName: 'a',
          properties: { href: '/acupoint_detail/ST36', onClick: 'alert(1)', style: 'color:red', id: 'x', hidden: false, title: null },
          children: [{ type: 'text', value: '足三里' }],
        },
      ]),
      {},
    );
    expect(plain(out)).toEqual([{ type: 'a', props: { href: '/acupoint_detail/ST36' }, children: ['足三里'] }]);
  });
});
