type Action = { text: string; onClick: () => void; primary?: boolean };

/** Empty, error, not-found, "log in first" and "under construction" states: an icon, a title, a line, actions. */
export function StatusView({
  kind,
  title,
  description,
  actions = [],
}: {
  kind: 'empty' | 'error' | 'building' | 'login';
  title: string;
  description?: string;
  actions?: Action[];
}) {
  return (
    <div className="status-view" role={kind === 'error' ? 'alert' : 'status'}>
      <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#f6efe7" />
        {kind === 'error' && <path d="M48 26v28M48 64v4" stroke="#c0392b" strokeWidth="6" strokeLinecap="round" />}
        {kind === 'empty' && <path d="M30 40h36M30 52h24M30 64h30" stroke="#b9aaa0" strokeWidth="5" strokeLinecap="round" />}
        {kind === 'login' && (
          <g fill="none" stroke="#b4532a" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
            <rect x="32" y="44" width="32" height="24" rx="4" />
            <path d="M38 44v-6a10 10 0 0 1 20 0v6M48 54v5" />
          </g>
        )}
        {kind === 'building' && (
          <g fill="none" stroke="#b4532a" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
            <path d="M28 66h40M34 66V44l14-10 14 10v22" />
            <path d="M44 66V54h8v12" />
          </g>
        )}
      </svg>
      <h2>{title}</h2>
      {description && <p className="muted">{description}</p>}
      <div className="status-actions">
        {actions.map((a) => (
          <button key={a.text} type="button" className={a.primary ? 'btn btn-primary' : 'btn'} onClick={a.onClick}>
            {a.text}
          </button>
        ))}
      </div>
    </div>
  );
}
