import type { ReactNode } from 'react';

/**
 * Form pieces of the consultation form (issue #17): a label above its control, the problem in red
 * right under it (tied to the control for screen readers), and choices as 44 px tall pills backed by
 * real radio buttons.
 */
export const fieldId = (name: string) => `case-f-${name}`;
export const errorId = (name: string) => `case-f-${name}-error`;

export function Field({
  name,
  label,
  optional,
  error,
  hint,
  counter,
  children,
}: {
  name: string;
  label: string;
  optional?: boolean;
  error?: string;
  hint?: ReactNode;
  counter?: { value: string; max: number };
  children: ReactNode;
}) {
  const count = counter ? counter.value.trim().length : 0;
  return (
    <div className={`case-field${error ? ' has-error' : ''}`}>
      <div className="case-label-row">
        <label className="case-label" htmlFor={fieldId(name)}>
          {label}
          {optional && <small>（选填）</small>}
        </label>
        {counter && (
          <span className={`case-counter${count > counter.max ? ' is-over' : ''}`} aria-hidden="true">
            {count}/{counter.max}
          </span>
        )}
      </div>
      {children}
      {hint}
      {error && (
        <p className="case-error" id={errorId(name)}>
          {error}
        </p>
      )}
    </div>
  );
}

export function Choice<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  name: string;
  legend: string;
  options: readonly (readonly [T, string])[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className={`case-field case-choice${error ? ' has-error' : ''}`} aria-describedby={error ? errorId(name) : undefined}>
      <legend className="case-label">{legend}</legend>
      <div className="case-pills">
        {options.map(([v, text], i) => (
          <label key={v} className={`case-pill${value === v ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={name}
              id={i === 0 ? fieldId(name) : undefined}
              value={v}
              checked={value === v}
              disabled={disabled}
              onChange={() => onChange(v)}
            />
            <span>{text}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="case-error" id={errorId(name)}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
