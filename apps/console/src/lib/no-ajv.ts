import { formValidator } from './validator.ts';

/**
 * Stands in for `@rjsf/validator-ajv8`, which only @rjsf/core's test helper (getTestRegistry) imports:
 * Ajv compiles with `new Function`, refused by the CSP, and the console validates with
 * validator.ts instead (vite.config.ts aliases the package here so Ajv never enters the bundle).
 */
export default formValidator;
export const customizeValidator = () => formValidator;
