import { getDefaultRegistry } from '@rjsf/core';
import type { FieldPathList, FieldProps, RegistryFieldsType, RJSFSchema } from '@rjsf/utils';
import { createContext, useContext } from 'react';
import { chosenValues, mediaFieldKind, refFor } from '../lib/media-fields.ts';
import { MediaPicker } from './media-picker.tsx';

const defaults = getDefaultRegistry().fields;
const ObjectField = defaults.ObjectField!;
const StringField = defaults.StringField!;

/** The object a field sits in, so choosing a video can fill its poster and subtitles siblings. */
const ParentObject = createContext<{ schema: RJSFSchema; formData: unknown; path: FieldPathList } | null>(null);

function ObjectWithMedia(props: FieldProps) {
  return (
    <ParentObject.Provider value={{ schema: props.schema, formData: props.formData, path: props.fieldPathId.path }}>
      <ObjectField {...props} />
    </ParentObject.Provider>
  );
}

const samePath = (a: FieldPathList, b: FieldPathList) => a.length === b.length && a.every((k, i) => String(k) === String(b[i]));

/**
 * A string field whose schema accepts an upload's reference (lib/media-fields.ts) gets the media
 * picker (issue #30); every other string keeps rjsf's own field. Choosing writes the parent object
 * once, with the field and the siblings the choice fills, so the form sees one change.
 */
function StringOrMedia(props: FieldProps) {
  const parent = useContext(ParentObject);
  const kind = mediaFieldKind(props.schema);
  if (!kind) return <StringField {...props} />;
  const path = props.fieldPathId.path;
  const parentPath = path.slice(0, -1);
  const name = path[path.length - 1];
  return (
    <MediaPicker
      id={props.fieldPathId.$id}
      value={typeof props.formData === 'string' ? props.formData : undefined}
      kind={kind}
      readOnly={Boolean(props.readonly || props.disabled)}
      onChange={(value) => props.onChange(value, path)}
      onChoose={(media) => {
        if (!parent || typeof name !== 'string' || !samePath(parent.path, parentPath)) {
          props.onChange(refFor(kind, media), path);
          return;
        }
        const current = parent.formData && typeof parent.formData === 'object' ? (parent.formData as Record<string, unknown>) : {};
        props.onChange({ ...current, ...chosenValues(parent.schema, current, name, kind, media) }, parentPath);
      }}
    />
  );
}

/** The editor's fields: rjsf's, with the media picker for media fields. */
export const mediaFormFields: RegistryFieldsType = { ObjectField: ObjectWithMedia, StringField: StringOrMedia };
