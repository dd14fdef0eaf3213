-- name: AddAppMood :exec
INSERT INTO app_moods (run, mood, history) VALUES (@run, @mood, @history);

-- name: AppMoodsOfRun :many
SELECT * FROM app_moods WHERE run = @run ORDER BY id;
