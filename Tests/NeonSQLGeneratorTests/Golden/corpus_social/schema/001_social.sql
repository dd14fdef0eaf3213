-- A social network in its own schema (not on the search path): self-referencing follows,
-- replies, likes, blocks, notifications.
CREATE SCHEMA social;

CREATE TYPE social.visibility AS ENUM ('public', 'followers', 'private');

CREATE TABLE social.accounts (
    id bigserial PRIMARY KEY,
    username text NOT NULL UNIQUE,
    display_name text,
    bio text,
    avatar_url text,
    is_verified boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz
);

CREATE TABLE social.follows (
    follower_id bigint NOT NULL REFERENCES social.accounts (id),
    followee_id bigint NOT NULL REFERENCES social.accounts (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (follower_id, followee_id)
);

CREATE TABLE social.posts (
    id bigserial PRIMARY KEY,
    author_id bigint NOT NULL REFERENCES social.accounts (id),
    reply_to_id bigint REFERENCES social.posts (id),
    body text NOT NULL,
    visibility social.visibility NOT NULL DEFAULT 'public',
    hashtags text[],
    like_count integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    edited_at timestamptz
);

CREATE TABLE social.likes (
    account_id bigint NOT NULL REFERENCES social.accounts (id),
    post_id bigint NOT NULL REFERENCES social.posts (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, post_id)
);

CREATE TABLE social.blocks (
    blocker_id bigint NOT NULL,
    blocked_id bigint NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);

CREATE TABLE social.notifications (
    id bigserial PRIMARY KEY,
    recipient_id bigint NOT NULL REFERENCES social.accounts (id),
    actor_id bigint REFERENCES social.accounts (id),
    post_id bigint REFERENCES social.posts (id),
    kind text NOT NULL,
    read_at timestamptz,
    payload json,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE social.profile_stats (
    account_id bigint PRIMARY KEY REFERENCES social.accounts (id),
    followers integer NOT NULL DEFAULT 0,
    following integer NOT NULL DEFAULT 0,
    posts integer NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Public posts with their author; likes is an aggregate-only subquery, so never NULL.
CREATE VIEW social.timeline AS
SELECT p.id, p.body, p.created_at, a.username, a.display_name, p.reply_to_id,
       (SELECT count(*) FROM social.likes l WHERE l.post_id = p.id) AS likes
FROM social.posts p
JOIN social.accounts a ON a.id = p.author_id
WHERE p.visibility = 'public';
