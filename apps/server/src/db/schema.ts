import type { Generated } from 'kysely';
/** Table types. Times are epoch milliseconds (bigint in PostgreSQL, parsed to number). Booleans are 0/1. */
export interface Database {
  users: { id: string; mobile: string; name: string; avatar_url: string; created_at: number };
  sessions: {
    token_hash: string;
    user_id: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    last_seen_at: number | null;
    /** Issue #29: when an SMS code logged this session in (null: WeChat); the console needs it < 12 h old. */
    sms_login_at: number | null;
    /** Issue #29: the session's last console request; the console ends it after 30 idle minutes. */
    console_seen_at: number | null;
  };
  sms_codes: {
    id: string;
    mobile: string;
    code_hash: string;
    created_at: number;
    expires_at: number;
    attempts: number;
    used_at: number | null;
    /** Issue #27 item 10: 'login', 'wechat', 'delete-account', 'export' (SmsPurpose). */
    purpose: string;
    /** Issue #27 item 1: keyed hash of the requesting client's address bucket; null: not bound. */
    requester: string | null;
  };
  counters: { key: string; count: number; expires_at: number };
  used_salts: { salt: string; expires_at: number };
  wechat_bindings: { openid: string; user_id: string; created_at: number };
  wechat_tickets: {
    ticket_hash: string;
    openid: string;
    expires_at: number;
    state_hash: string | null;
    /** 'bind': an openid with no account yet; 'login': an openid bound to `user_id`, awaiting a switch. */
    kind: Generated<string>;
    user_id: string | null;
  };
  wechat_states: { state_hash: string; return_to: string; expires_at: number; used_at: number | null };
  /** Roles granted beyond `user` (issue #14 §6). */
  user_roles: { user_id: string; role: string; granted_at: number };
  /** Issue #26: searches that found nothing, by normalised query, for editors to add everyday names. */
  search_misses: { query: string; count: number; first_at: number; last_at: number };
  /** Issue #16: how often each video was viewed (at most once per visitor per day). */
  video_views: { video_id: string; count: number };
  /**
   * Issue #33 item 5: one sampled visit's Core Web Vitals, no personal data: the China-time day, the
   * route pattern, device class, network type; LCP, INP, TTFB in ms and CLS × 10 000, null when not reported.
   */
  web_vitals: {
    day: string;
    route: string;
    device: string;
    network: string;
    lcp: number | null;
    inp: number | null;
    cls: number | null;
    ttfb: number | null;
  };
  /** Issue #18: guided moxibustion sessions; `points` and `reactions` are JSON; times are epoch ms. */
  moxa_sessions: {
    id: string;
    user_id: string;
    client_id: string;
    source_kind: string;
    source_id: string | null;
    title: string;
    started_at: number;
    ended_at: number;
    points: string;
    feeling: number | null;
    notes: string;
    reactions: string;
    course_length: number | null;
    created_at: number;
    /** Issue #32 item 3: 1 when the session was ended with 结束 before its last point. */
    ended_early: number;
  };
  /** Issue #17: consultation cases. `request` and `history` are JSON; times are epoch ms. */
  cases: {
    id: string;
    user_id: string;
    status: string;
    request: string;
    complaint: string;
    red_flag: number;
    notify_sms: number;
    history: string;
    created_at: number;
    updated_at: number;
    user_read_at: number;
    last_reply_at: number | null;
    /**
     * Issue #27 item 4, the advisors' queue order: 0 red-flag and waiting for an answer, 1 waiting,
     * 2 red-flag and replied, 3 replied, 4 closed. `queue_at`: when the case entered that group (the
     * user began waiting, was answered, or the case closed), epoch ms. Kept by case-repository.ts.
     */
    queue_rank: number;
    queue_at: number;
  };
  case_messages: {
    id: string;
    case_id: string;
    /** Order within the case (0, 1, …): times can tie. */
    seq: number;
    author: string;
    advisor_id: string | null;
    author_name: string | null;
    body: string;
    recommendation: string | null;
    internal: number;
    created_at: number;
  };
  case_photos: {
    id: string;
    case_id: string;
    position: number;
    mime: string;
    width: number;
    height: number;
    bytes: Buffer;
    created_at: number;
  };
  /** Issue #18: an account's favourites and browsing history; `title` is a snapshot, times epoch ms. */
  favorites: { user_id: string; kind: string; item_id: string; title: string; created_at: number };
  view_history: { user_id: string; kind: string; item_id: string; title: string; viewed_at: number };
  /** Issue #27 item 15: the consent ledger; a grant is a row, withdrawing sets `withdrawn_at` (epoch ms). */
  consents: {
    id: string;
    user_id: string;
    purpose: string;
    policy_version: string;
    birth_year: number;
    granted_at: number;
    withdrawn_at: number | null;
  };
  /** Issue #27 item 16: the append-only audit trail; `detail` is JSON without personal data, `at` epoch ms. */
  /**
   * Issue #29: one edit of a content item through the console (draft → in_review → approved →
   * published; rejected back to the author). `source` and `findings` are JSON.
   */
  content_revisions: {
    id: string;
    kind: string;
    item_id: string;
    title: string;
    state: string;
    is_new: number;
    source: string;
    findings: string;
    based_on: number | null;
    base_hash: string | null;
    rollback_of: number | null;
    author_id: string;
    reviewer_id: string | null;
    comment: string | null;
    publish_at: number | null;
    published_at: number | null;
    version: number | null;
    created_at: number;
    updated_at: number;
    submitted_at: number | null;
    /** Set by the instance publishing it (exactly once with many instances). */
    claimed_at: number | null;
  };
  /**
   * Issue #29 (decision 045): the console's open previews, so any instance answers them; the token's
   * SHA-256 only, the revision it shows, epoch ms.
   */
  content_previews: {
    token_hash: string;
    revision_id: string;
    created_at: number;
    expires_at: number;
  };
  /** Issue #29: every published version of an item; version 0 is the seed's, kept on the first edit. */
  content_versions: {
    kind: string;
    item_id: string;
    version: number;
    source: string;
    revision_id: string | null;
    author_id: string | null;
    reviewer_id: string | null;
    rollback_of: number | null;
    published_at: number;
  };
  audit_events: { id: string; at: number; actor_id: string | null; action: string; subject: string; detail: string };
  /** Issue #27 item 3: tombstones of deleted accounts ('user') and cases ('case'); ids only, `deleted_at` epoch ms. */
  deletions: { kind: string; id: string; deleted_at: number };
  content_meta: { kind: string; hash: string; loaded_at: number };
  /** Every content kind (issue #14 §1): `data` is the item as its kind declares it, as JSON. */
  content_items: { kind: string; id: string; position: number; data: string };
  /** Issue #29: the published source tree (path relative to the content folder → file text); content/ is its seed. */
  content_sources: { path: string; text: string; seed_hash: string | null; updated_at: number };
  physical_records: {
    id: string;
    user_id: string;
    created_at: number;
    gender: string;
    version: string;
    primary_type: string | null;
    answers: string;
    result: string;
  };
  /** Issue #31: the in-process job runner's queue (SQLite; pg-boss has its own tables on PostgreSQL). */
  jobs: {
    id: string;
    name: string;
    data: string;
    singleton_key: string | null;
    /** created, retry, active, completed, failed */
    state: string;
    retry_count: number;
    retry_limit: number;
    retry_delay: number;
    retry_backoff: number;
    expire_seconds: number;
    start_after: number;
    started_at: number | null;
    completed_at: number | null;
    last_error: string | null;
    created_at: number;
  };
  /** Issue #31: one notice on one channel; `key` is its idempotency key, `payload` JSON (no phone numbers). */
  notifications: {
    key: string;
    kind: string;
    channel: string;
    user_id: string;
    subject_id: string | null;
    payload: string;
    due_at: number;
    state: string;
    attempts: number;
    last_error: string | null;
    claimed_at: number | null;
    enqueued_at: number | null;
    sent_at: number | null;
    created_at: number;
  };
  /** Issue #31: when a person's latest notice of a kind was due (batches new-case notices, 10 minutes apart). */
  notice_slots: { user_id: string; kind: string; last_due_at: number };
  notification_prefs: {
    user_id: string;
    case_replies: number;
    course_reminders: number;
    sms: number;
    wechat: number;
    updated_at: number;
  };
  /** Issue #30 (decision 041): uploaded images and videos; `variants` is the served description as JSON. */
  media_objects: {
    id: string;
    kind: string;
    name: string;
    alt: string;
    version: number;
    width: number;
    height: number;
    duration_ms: number | null;
    sha256: string;
    size: number;
    variants: string;
    uploaded_by: string | null;
    created_at: number;
    updated_at: number;
    published_at: number | null;
  };
  /** One served file of an upload (a variant, a video, a poster, subtitles): bytes here or an object key. */
  media_files: {
    path: string;
    object_id: string;
    version: number;
    content_type: string;
    size: number;
    sha256: string;
    object_key: string | null;
    bytes: Buffer | null;
    created_at: number;
    replaced_at: number | null;
  };
  /** Issue #31: `/c/<token>` links into one case; only the token's SHA-256 is kept. */
  short_links: { token_hash: string; case_id: string; user_id: string; expires_at: number; created_at: number };
  /** Issue #31: 疗程 with reminders; `minute` after China-time midnight, `first_day` a China-time day number, `pauses` JSON. */
  courses: {
    id: string;
    user_id: string;
    scheme_kind: string;
    scheme_id: string;
    title: string;
    frequency: string;
    minute: number;
    sessions: number;
    channel: string;
    status: string;
    pause_reason: string | null;
    pauses: string;
    first_day: number;
    created_at: number;
    updated_at: number;
  };
  /**
   * Issue #30: an advisor's profile. name/title/introduction/photo are the approved fields (null until
   * approved); `pending` is the submitted fields as JSON; `on_duty` 0/1.
   */
  advisor_profiles: {
    user_id: string;
    name: string | null;
    title: string | null;
    introduction: string | null;
    photo: string | null;
    approved_by: string | null;
    approved_at: number | null;
    pending: string | null;
    pending_by: string | null;
    pending_at: number | null;
    comment: string | null;
    on_duty: number;
    updated_at: number;
  };
}
