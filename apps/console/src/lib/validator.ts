import { Validator } from '@cfworker/json-schema';
import type { RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * The form's validator (issue #29). rjsf's usual validator (Ajv) compiles schemas with `new
 * Function`, which the server's Content-Security-Policy (no 'unsafe-eval', security.ts) forbids;
 * @cfworker/json-schema interprets schemas instead and knows the 2020-12 draft zod writes. It only
 * answers `isValid` (rjsf picks anyOf/oneOf branches with it). Messages about the data come from the
 * server's checks (POST /api/v8/console/check: the schema and every content rule, in Chinese, one
 * implementation), shown at their field — so the form itself reports no errors of its own.
 */
const cache = new WeakMap<object, WeakMap<object, Validator>>();

function validatorFor(schema: RJSFSchema, rootSchema: RJSFSchema): Validator {
  let byRoot = cache.get(rootSchema);
  if (!byRoot) cache.set(rootSchema, (byRoot = new WeakMap()));
  let v = byRoot.get(schema);
  if (!v) {
    // A sub-schema's $refs point into the root's definitions.
    const withDefs = { ...schema, $defs: rootSchema.$defs, definitions: rootSchema.definitions } as Record<string, unknown>;
    delete withDefs.$schema;
    v = new Validator(withDefs as never, '2020-12', true);
    byRoot.set(schema, v);
  }
  return v;
}

export const formValidator: ValidatorType = {
  validateFormData(): ValidationData<unknown> {
    return { errors: [], errorSchema: {} };
  },
  isValid(schema, formData, rootSchema) {
    try {
      return validatorFor(schema, rootSchema).validate(formData).valid;
    } catch {
      return false;
    }
  },
  rawValidation(schema, formData) {
    try {
      const result = validatorFor(schema, schema).validate(formData);
      return { errors: result.valid ? undefined : (result.errors as never[]) };
    } catch (e) {
      return { validationError: e as Error };
    }
  },
};
