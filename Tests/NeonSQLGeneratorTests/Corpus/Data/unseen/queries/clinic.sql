-- name: GetAppointment :one
-- expect: id Int, patient_id Int, room_id Int, during PostgresRange<Date>, status AppointmentStatus, reason String?, notes JSONValue
-- params: id Int
-- why: a pg_dump table in its own schema: NOT NULL columns, reason nullable; jsonb with a default.
SELECT a.id, a.patient_id, a.room_id, a.during, a.status, a.reason, a.notes
FROM clinic.appointments a
WHERE a.id = $1;

-- name: BookAppointment :one
-- expect: id Int, during PostgresRange<Date>, status AppointmentStatus
-- params: patientId Int, practitionerId Int, roomId Int, startsAt Date, minutes Int, reason String?
-- why: tstzrange(...) with make_interval(mins => ...) in named notation; sqlc.narg makes reason optional.
INSERT INTO clinic.appointments (patient_id, practitioner_id, room_id, during, reason)
VALUES (@patient_id, @practitioner_id, @room_id, tstzrange(@starts_at::timestamptz, @starts_at::timestamptz + make_interval(mins => @minutes::int), '[)'), sqlc.narg('reason'))
RETURNING id, during, status;

-- name: RoomIsFree :one
-- expect: free Bool
-- params: roomId Int, fromAt Date, toAt Date
-- why: NOT EXISTS is never NULL; tstzrange(@from, @to) types both parameters as timestamptz.
SELECT NOT EXISTS (
    SELECT 1 FROM clinic.appointments
    WHERE room_id = @room_id AND during && tstzrange(@from_at, @to_at) AND status <> 'cancelled'
) AS free;

-- name: OverlappingAppointments :many
-- expect: id Int, starts_at Date?, ends_at Date?, length PostgresInterval?
-- params: window PostgresRange<Date>
-- why: lower/upper of a range are NULL for an infinite bound; tstzrange minus gives interval.
select a.id, lower(a.during) as starts_at, upper(a.during) as ends_at, upper(a.during) - lower(a.during) as length
from clinic.appointments a
where a.during && @window::tstzrange
order by lower(a.during);

-- name: PractitionerDay :many
-- expect: id Int, full_name String, start_label String?, minutes Int?, status String
-- params: practitionerId Int, day PostgresDate
-- why: a STRICT SQL function of the dump; a date parameter cast twice; enum::text keeps NOT NULL.
SELECT a.id,
       p.full_name,
       to_char(lower(a.during) AT TIME ZONE 'Europe/Berlin', 'HH24:MI') AS start_label,
       clinic.business_minutes(a.during) AS minutes,
       a.status::text AS status
FROM clinic.appointments AS a
JOIN clinic.patients AS p ON p.id = a.patient_id
WHERE a.practitioner_id = sqlc.arg(practitioner_id)
  AND a.during <@ tstzrange(sqlc.arg(day)::date::timestamptz, (sqlc.arg(day)::date + 1)::timestamptz)
ORDER BY lower(a.during);

-- name: CancelAppointment :execrows
-- expect: (none)
-- params: actor String, id Int
-- why: jsonb || jsonb_build_object(...) in SET, enum literals in IN.
UPDATE clinic.appointments SET status = 'cancelled', notes = notes || jsonb_build_object('cancelled_by', @actor::text, 'at', now())
WHERE id = @id AND status IN ('requested', 'confirmed');

-- name: ConfirmAppointments :batchexec
-- expect: (none)
-- params: id Int
-- why: :batchexec with a qualified enum cast.
UPDATE clinic.appointments SET status = 'confirmed'::clinic.appointment_status WHERE id = $1;

-- name: RescheduleAppointment :one
-- expect: id Int, starts_at Date?, updated_at Date
-- params: shift PostgresInterval, id Int
-- why: range bounds shifted by an interval parameter; RETURNING through an alias.
UPDATE clinic.appointments AS a
SET during = tstzrange(lower(a.during) + @shift::interval, upper(a.during) + @shift::interval)
WHERE a.id = @id
RETURNING a.id, lower(a.during)::timestamptz AS starts_at, a.updated_at;

-- name: FreeSlots :many
-- expect: slot PostgresRange<Date>?, starts_at Date?
-- params: roomId Int, day PostgresDate
-- why: a plpgsql RETURNS TABLE function in FROM: its columns are nullable.
SELECT slot, lower(slot) AS starts_at FROM clinic.free_slots(@room_id, @day) ORDER BY 1;

-- name: FreeSlotsAnyRoom :many
-- expect: label String, slot PostgresRange<Date>?
-- params: day PostgresDate, minCapacity Int?
-- why: CROSS JOIN LATERAL over a set-returning user function; sqlc.narg in coalesce.
SELECT r.label, s.slot
FROM clinic.rooms r
CROSS JOIN LATERAL clinic.free_slots(r.id, @day::date) s
WHERE r.capacity >= coalesce(sqlc.narg('min_capacity')::int, 1);

-- name: PatientHistory :many
-- expect: practitioner_id Int, display_name String, last_appointment_id Int, last_seen Date?
-- params: patientId Int
-- why: DISTINCT ON with ORDER BY on an expression; INNER JOIN keeps NOT NULL.
SELECT DISTINCT ON (a.practitioner_id)
       a.practitioner_id, pr.display_name, a.id AS last_appointment_id, lower(a.during) AS last_seen
FROM clinic.appointments a
INNER JOIN clinic.practitioners pr ON pr.id = a.practitioner_id
WHERE a.patient_id = $1
ORDER BY a.practitioner_id, lower(a.during) DESC;

-- name: SearchPatients :many
-- expect: id Int, full_name String, dateOfBirth PostgresDate?, email String?, tags [String]
-- params: q String, tags [String], limit Int
-- why: a quoted camelCase column, sqlc.slice cast to text[], LIMIT sqlc.arg.
SELECT id, full_name, "dateOfBirth", email, tags
FROM clinic.patients
WHERE archived_at IS NULL
  AND (full_name ILIKE '%' || @q || '%' OR email ILIKE @q || '%')
  AND (cardinality(sqlc.slice('tags')::text[]) = 0 OR tags && sqlc.slice('tags')::text[])
ORDER BY strpos(lower(full_name), lower(@q)) NULLS LAST, full_name
LIMIT sqlc.arg('limit');

-- name: PatientAge :one
-- expect: id Int, years Int?, years_numeric Decimal?
-- params: id Int
-- why: date_part(...)::int and EXTRACT (numeric) over a nullable date.
SELECT id, date_part('year', age(current_date, "dateOfBirth"))::int AS years,
       extract(year FROM age("dateOfBirth")) AS years_numeric
FROM clinic.patients WHERE id = $1;

-- name: UpsertPatient :one
-- expect: id Int, inserted Bool
-- params: fullName String, email String?, phone String?, tags [String], preferences JSONValue?
-- why: ON CONFLICT DO UPDATE with EXCLUDED, an ARRAY(subquery), the system column xmax.
INSERT INTO clinic.patients (full_name, email, phone, tags, preferences)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (email) DO UPDATE
SET full_name = EXCLUDED.full_name,
    phone = COALESCE(EXCLUDED.phone, patients.phone),
    tags = ARRAY(SELECT DISTINCT unnest(patients.tags || EXCLUDED.tags)),
    preferences = COALESCE(patients.preferences, '{}'::jsonb) || COALESCE(EXCLUDED.preferences, '{}'::jsonb)
RETURNING id, (xmax = 0) AS inserted;

-- name: ArchivePatient :exec
-- expect: (none)
-- params: id Int
-- why: :exec UPDATE with IS NULL filter.
UPDATE clinic.patients SET archived_at = now() WHERE id = @id AND archived_at IS NULL;

-- name: RoomUtilisation :many
-- expect: id Int, label String, completed Int, lost Int, booked_minutes Int, no_show_pct Decimal?
-- params: period PostgresRange<Date>
-- why: count(...) FILTER is never NULL; nullif in a division makes the percentage optional.
SELECT r.id, r.label,
       count(a.id) FILTER (WHERE a.status = 'completed') AS completed,
       count(a.id) FILTER (WHERE a.status IN ('cancelled', 'no_show')) AS lost,
       coalesce(sum(clinic.business_minutes(a.during)), 0)::bigint AS booked_minutes,
       round(100.0 * count(a.id) FILTER (WHERE a.status = 'no_show') / nullif(count(a.id), 0), 1) AS no_show_pct
FROM clinic.rooms r
LEFT JOIN clinic.appointments a ON a.room_id = r.id AND a.during && @period::tstzrange
GROUP BY r.id
ORDER BY booked_minutes DESC;

-- name: StatusCounts :many
-- expect: status AppointmentStatus, n Int
-- params: (none)
-- why: GROUP BY an enum column; count(*)::int.
SELECT status, COUNT(*)::int AS n FROM clinic.appointments GROUP BY status ORDER BY status;

-- name: UpcomingForPatient :many
-- expect: id Int, room_label String?, starts_at Date?, ends_at Date?, status AppointmentStatus
-- params: patientId Int
-- why: a pg_dump view with a LEFT JOIN: room_label optional, status from the inner side.
SELECT id, room_label, starts_at, ends_at, status
FROM clinic.upcoming_appointments
WHERE patient_id = @patient_id
ORDER BY starts_at
LIMIT 20;

-- name: AppointmentNotesKey :many
-- expect: id Int, summary String?, bp JSONValue?, pulse Int?
-- params: filter JSONValue
-- why: jsonb ->>, #> and a cast of ->> ; @> and ? operators in WHERE.
SELECT id, notes ->> 'summary' AS summary, notes #> '{vitals,bp}' AS bp, (notes -> 'vitals' ->> 'pulse')::int AS pulse
FROM clinic.appointments
WHERE notes @> @filter::jsonb AND notes ? 'summary';

-- name: AppointmentsWithTag :many
-- expect: id Int, first_tag String?, tag_count Int?
-- params: tag String
-- why: JOIN ... USING, array subscript and array_length are nullable; @tag = ANY(array).
SELECT a.id, p.tags[1] AS first_tag, array_length(p.tags, 1) AS tag_count
FROM clinic.appointments a JOIN clinic.patients p USING (id)
WHERE @tag::text = ANY (p.tags);

-- name: WorkingHoursFit :many
-- expect: id Int, display_name String, working_hours PostgresRange<Int>, opens Int?, closes Int?, works_then Bool
-- params: hour Int, specialty String
-- why: an int4range column: lower/upper nullable, @> int not.
SELECT id, display_name, working_hours, lower(working_hours) AS opens, upper(working_hours) AS closes,
       working_hours @> @hour::int AS works_then
FROM clinic.practitioners
WHERE active AND specialties && ARRAY[@specialty::text];

-- name: CreateRoom :one
-- expect: id Int, label String, floor Int?, capacity Int
-- params: label String, floor Int
-- why: RETURNING * of a dump table whose id defaults to nextval.
INSERT INTO clinic.rooms (label, floor) VALUES (@label, @floor::smallint) RETURNING *;

-- name: CopyRooms :copyfrom
-- expect: (none)
-- params: label String, floor Int?, capacity Int
-- why: :copyfrom into a table with a smallint and a defaulted column.
INSERT INTO clinic.rooms (label, floor, capacity) VALUES ($1, $2, $3);

-- name: DeleteOldCancelled :execrows
-- expect: (none)
-- params: (none)
-- why: interval literal cast with '...'::interval.
DELETE FROM clinic.appointments
WHERE status = 'cancelled' AND upper(during) < now() - '90 days'::interval;

-- name: GapsBetweenAppointments :many
-- expect: id Int, gap PostgresInterval?, position Int
-- params: roomId Int
-- why: a named WINDOW; lag() is NULL on the first row.
SELECT id,
       lower(during) - lag(upper(during)) OVER w AS gap,
       row_number() OVER w AS position
FROM clinic.appointments
WHERE room_id = @room_id
WINDOW w AS (PARTITION BY room_id ORDER BY lower(during))
ORDER BY lower(during);

-- name: BusiestHours :many
-- expect: hour Int?, bookings Int
-- params: minBookings Int
-- why: GROUP BY and ORDER BY position; HAVING with a bigint parameter.
SELECT extract(hour FROM lower(during))::int AS hour, count(*) AS bookings
FROM clinic.appointments
WHERE lower(during) >= date_trunc('week', now()) - interval '4 weeks'
GROUP BY 1
HAVING count(*) > @min_bookings::bigint
ORDER BY 2 DESC;

-- name: MergedBusyRanges :many
-- expect: room_id Int, busy String?
-- params: (none)
-- why: range_agg gives a multirange.
SELECT room_id, range_agg(during) AS busy
FROM clinic.appointments
WHERE status NOT IN ('cancelled') GROUP BY room_id;

-- name: AppointmentFees :one
-- expect: total_cents Int?, average Decimal?, highest Int?, median Double?
-- params: practitionerIds [Int]
-- why: aggregates over no rows are NULL; percentile_cont is double precision.
SELECT sum(fee_cents) AS total_cents, avg(fee_cents)::numeric(10,2) AS average, max(fee_cents) AS highest,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY fee_cents) AS median
FROM clinic.appointments
WHERE practitioner_id = ANY(@practitioner_ids::int[]);

-- name: PatientContact :one
-- expect: id Int, contact String, channel String?
-- params: id Int
-- why: a COALESCE chain ending in a literal is NOT NULL; CASE without ELSE is optional.
SELECT id, coalesce(email::text, phone, '(no contact)') AS contact,
       CASE WHEN email IS NOT NULL THEN 'email' WHEN phone IS NOT NULL THEN 'phone' END AS channel
FROM clinic.patients WHERE id = @id;

-- name: PatientPreferences :one
-- expect: reminders JSONValue?, kind String?, sms Bool
-- params: id Int
-- why: jsonb_typeof and -> on a nullable jsonb; COALESCE with false.
SELECT preferences -> 'reminders' AS reminders,
       jsonb_typeof(preferences) AS kind,
       COALESCE((preferences ->> 'sms')::boolean, false) AS sms
FROM clinic.patients WHERE id = @id;

-- name: NextAppointmentPerPatient :many
-- expect: id Int, full_name String, appointment_id Int?, starts_at Date?
-- params: (none)
-- why: LEFT JOIN LATERAL (... LIMIT 1) ON true makes its columns optional.
SELECT p.id, p.full_name, nxt.id AS appointment_id, nxt.starts_at
FROM clinic.patients p
LEFT JOIN LATERAL (
    SELECT a.id, lower(a.during) AS starts_at
    FROM clinic.appointments a
    WHERE a.patient_id = p.id AND lower(a.during) > now()
    ORDER BY lower(a.during)
    LIMIT 1
) nxt ON true
WHERE p.archived_at IS NULL;

-- name: PractitionerLoad :many
-- expect: display_name String, appointments Int
-- params: (none)
-- why: coalesce over a LEFT JOINed aggregate; ORDER BY an output name.
SELECT pr.display_name, coalesce(x.n, 0) AS appointments
FROM clinic.practitioners pr
LEFT JOIN (SELECT practitioner_id, count(*) AS n FROM clinic.appointments GROUP BY practitioner_id) x
  ON x.practitioner_id = pr.id
ORDER BY appointments DESC, pr.display_name;

-- name: AddPatientTag :exec
-- expect: (none)
-- params: tag String, id Int
-- why: array_append with a parameter typed from the column; NOT (@tag = ANY(tags)).
UPDATE clinic.patients SET tags = array_append(tags, @tag) WHERE id = @id AND NOT (@tag = ANY(tags));

-- name: RemovePatientTag :exec
-- expect: (none)
-- params: tag String, id Int
-- why: array_remove in SET.
UPDATE clinic.patients SET tags = array_remove(tags, @tag::text) WHERE id = @id;

-- name: AppointmentsCsv :many
-- expect: ids String?, rooms [Int]?
-- params: patientId Int
-- why: string_agg with ORDER BY and array_agg(DISTINCT ...) are NULL over no rows.
SELECT string_agg(id::text, ',' ORDER BY id) AS ids, array_agg(DISTINCT room_id) AS rooms
FROM clinic.appointments WHERE patient_id = $1;

-- name: LongestAppointments :many
-- expect: id Int, during PostgresRange<Date>, span PostgresInterval?
-- params: (none)
-- why: ORDER BY an expression, FETCH FIRST n ROWS ONLY.
SELECT id, during, upper(during) - lower(during) AS span
FROM clinic.appointments
ORDER BY upper(during) - lower(during) DESC NULLS LAST
FETCH FIRST 5 ROWS ONLY;

-- name: CheckIn :one
-- expect: id Int, status AppointmentStatus, updated_at Date
-- params: id Int
-- why: now() <@ tstzrange(...) with interval arithmetic.
UPDATE clinic.appointments SET status = 'checked_in'
WHERE id = @id AND status = 'confirmed' AND now() <@ tstzrange(lower(during) - interval '30 min', upper(during))
RETURNING id, status, updated_at;

-- name: RoomsOnFloors :many
-- expect: id Int, label String, floor Int
-- params: floors [Int]
-- why: sqlc.slice with = ANY; floor is NOT NULL where = ANY filters it.
SELECT id, label, floor FROM clinic.rooms WHERE floor = ANY(sqlc.slice('floors')) ORDER BY floor NULLS FIRST, label;

-- name: TransferAppointments :execrows
-- expect: (none)
-- params: newRoom String, oldRoomId Int
-- why: UPDATE ... FROM another table.
UPDATE clinic.appointments a SET room_id = r.id
FROM clinic.rooms r
WHERE r.label = @new_room AND a.room_id = @old_room_id AND lower(a.during) > now();

-- name: PatientAsJson :one
-- expect: patient JSONValue, pretty JSONValue
-- params: id Int
-- why: a table alias as a whole row passed to row_to_json(record [, bool]): a table's row type is a composite.
SELECT row_to_json(p) AS patient, row_to_json(p.*, true) AS pretty FROM clinic.patients p WHERE p.id = @id;

-- name: RoomFromJson :one
-- expect: label String?
-- params: room JSONValue
-- why: NULL::clinic.rooms names a table's row type; field selection from the polymorphic result.
SELECT (jsonb_populate_record(NULL::clinic.rooms, @room::jsonb)).label AS label;

-- name: RoomsFromJson :many
-- expect: id Int?, label String?, floor Int?, capacity Int?
-- params: rooms JSONValue
-- why: jsonb_populate_recordset(NULL::table, ...) in FROM gives the table's columns, nullable.
SELECT id, label, floor, capacity FROM jsonb_populate_recordset(NULL::clinic.rooms, @rooms::jsonb);

-- name: SameRoomRow :many
-- expect: id Int, same Bool
-- params: (none)
-- why: record_eq(record, record) takes a table's rows.
SELECT a.id, record_eq(r, r) AS same FROM clinic.rooms r JOIN clinic.appointments a ON a.room_id = r.id;
