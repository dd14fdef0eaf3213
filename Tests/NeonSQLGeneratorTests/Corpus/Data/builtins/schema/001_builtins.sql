-- Built-in types beyond the everyday ones, and contrib extension types.
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS hstore;
CREATE EXTENSION ltree;
CREATE EXTENSION "uuid-ossp";
CREATE EXTENSION pgcrypto;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE measurements (
    id integer PRIMARY KEY,
    flags integer NOT NULL,
    big bigint NOT NULL,
    ratio double precision NOT NULL,
    amount numeric(12, 2) NOT NULL,
    price money NOT NULL,
    small smallint,
    bits bit(8) NOT NULL,
    vbits bit varying(16),
    payload bytea NOT NULL,
    grade "char" NOT NULL,
    taken_on date NOT NULL,
    taken_at timestamptz NOT NULL,
    local_at timestamp,
    clock time with time zone NOT NULL,
    span interval
);

CREATE TABLE hosts (
    id integer PRIMARY KEY,
    address inet NOT NULL,
    network cidr NOT NULL,
    mac macaddr NOT NULL,
    mac8 macaddr8,
    lsn pg_lsn,
    txid xid8
);

CREATE TABLE documents (
    id integer PRIMARY KEY,
    title text NOT NULL,
    body text NOT NULL,
    search tsvector NOT NULL,
    email citext NOT NULL,
    attributes hstore,
    path ltree NOT NULL
);

CREATE TABLE bookings (
    id integer PRIMARY KEY,
    seats int4range NOT NULL,
    during tstzrange NOT NULL,
    days daterange,
    prices numrange,
    ids int8range,
    local_span tsrange,
    history datemultirange
);

CREATE TABLE shapes (
    id integer PRIMARY KEY,
    center point NOT NULL,
    bounds box NOT NULL,
    ring circle,
    outline polygon,
    route path,
    edge lseg,
    axis line
);
