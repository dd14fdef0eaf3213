-- An event-sourced ledger: an append-only, partitioned event stream with JSONB payloads,
-- projections kept by the application, and a warehouse stock table fed by MERGE.
create table public.streams (
    stream_id   text primary key,
    stream_type text not null,
    version     bigint not null default 0,
    metadata    jsonb,
    created_at  timestamptz not null default clock_timestamp()
);

create table public.events (
    global_position bigint generated always as identity,
    stream_id       text not null references public.streams (stream_id),
    stream_version  bigint not null,
    event_type      text not null,
    payload         jsonb not null,
    headers         jsonb not null default '{}',
    recorded_at     timestamptz not null default clock_timestamp(),
    primary key (global_position, recorded_at),
    unique (stream_id, stream_version, recorded_at)
) partition by range (recorded_at);

create table public.events_2026 partition of public.events
    for values from ('2026-01-01') to ('2027-01-01');
create table public.events_default partition of public.events default;

create table public.subscriptions (
    name            text primary key,
    last_position   bigint not null default 0,
    filter_types    text[],
    paused          bool not null default false,
    updated_at      timestamptz not null default now()
);

create table public.snapshots (
    stream_id  text not null references public.streams on delete cascade,
    version    bigint not null,
    state      jsonb not null,
    taken_at   timestamptz not null default now(),
    primary key (stream_id, version)
);

create table public.warehouses (
    code     char(4) primary key,
    name     text not null,
    location point,
    timezone text not null default 'UTC'
);

create table public.stock (
    warehouse char(4) not null references public.warehouses (code),
    sku       text not null,
    on_hand   integer not null default 0,
    reserved  integer not null default 0,
    available integer generated always as (on_hand - reserved) stored,
    bin       text,
    touched_at timestamptz,
    primary key (warehouse, sku),
    check (reserved <= on_hand)
);

create table public.stock_movements (
    id         uuid primary key default gen_random_uuid(),
    warehouse  char(4) not null,
    sku        text not null,
    delta      integer not null,
    reason     text not null,
    reference  text,
    moved_at   timestamptz not null default now(),
    foreign key (warehouse, sku) references public.stock (warehouse, sku)
);

create materialized view public.daily_event_counts as
select date_trunc('day', recorded_at)::date as day, event_type, count(*) as events
from public.events
group by 1, 2
with no data;

create or replace function public.append_event(p_stream text, p_type text, p_payload jsonb)
returns bigint
language plpgsql
as $fn$
declare
    v_version bigint;
    v_position bigint;
begin
    insert into public.streams (stream_id, stream_type) values (p_stream, split_part(p_stream, '-', 1))
    on conflict (stream_id) do nothing;
    update public.streams set version = version + 1 where stream_id = p_stream returning version into v_version;
    insert into public.events (stream_id, stream_version, event_type, payload)
    values (p_stream, v_version, p_type, p_payload)
    returning global_position into v_position;
    return v_position;
end
$fn$;

-- A user aggregate (new syntax, with a final function) and one in the old syntax.
create function public.type_trail_step(trail text, next_type text) returns text
language sql immutable
as $fn$ select case when trail = '' then next_type else trail || ' > ' || next_type end $fn$;

create function public.type_trail_count(trail text) returns integer
language sql immutable
as $fn$ select coalesce(array_length(string_to_array(nullif(trail, ''), ' > '), 1), 0) $fn$;

create aggregate public.type_trail(text) (
    sfunc = public.type_trail_step,
    stype = text,
    initcond = ''
);

create aggregate public.type_trail_length(text) (
    sfunc = public.type_trail_step,
    stype = text,
    finalfunc = public.type_trail_count,
    initcond = ''
);

create aggregate public.version_total (basetype = bigint, sfunc = int8pl, stype = bigint);
