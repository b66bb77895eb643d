/** Spec §5: inputs are numeric — anything else typed or pasted is dropped. */
export const digitsOnly = (s: string): string => s.replace(/[^0-9]/g, '');
