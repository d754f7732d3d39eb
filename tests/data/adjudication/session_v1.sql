-- A session file of schema version 1, as `sqlite3 .dump` writes it: the schema-1 tables (migration 1 of
-- engine/adjudication/schema.py) holding ann1.amr and ann2.amr of this folder as stored on another machine,
-- three sentences (statuses, a note) and three decisions, the second undone. Frozen: the migration test loads
-- it and opens it with the current code.
PRAGMA user_version = 1;
BEGIN TRANSACTION;
CREATE TABLE annotations (
            sentence INTEGER NOT NULL REFERENCES sentences(idx),
            annotator TEXT NOT NULL REFERENCES files(annotator),
            line INTEGER NOT NULL, block TEXT NOT NULL, error TEXT,
            PRIMARY KEY (sentence, annotator));
INSERT INTO "annotations" VALUES(0,'ann1',3,'# ::id s1
# ::snt The boy wants to go.
(w / want-01
    :ARG0 (b / boy)
    :ARG1 (g / go-02
        :ARG0 b))',NULL);
INSERT INTO "annotations" VALUES(0,'ann2',3,'# ::id s1
# ::snt The boy wants to go.
(w / want-01
    :ARG0 (b / boy)
    :ARG1 (g / go-01
        :ARG0 b)
    :polarity -)',NULL);
INSERT INTO "annotations" VALUES(1,'ann1',10,'# ::id s2
# ::snt Sharks eat fish in the Red Sea.
(e / eat-01
    :ARG0 (s / shark)
    :ARG1 (f / fish)
    :location (s2 / sea))',NULL);
INSERT INTO "annotations" VALUES(1,'ann2',11,'# ::id s2
# ::snt Sharks eat fish in the Red Sea.
(e / eat-01
    :ARG0 (s / shark)
    :ARG1 (f / fish
        :ARG1-of (c / catch-01))
    :location (s2 / sea
        :name (n / name
            :op1 "Red"
            :op2 "Sea")))',NULL);
INSERT INTO "annotations" VALUES(2,'ann1',17,'# ::id s3
# ::snt Ana said she left.
(s / say-01
    :ARG0 (p / person
        :name (n / name
            :op1 "Ana"))
    :ARG1 (l / leave-11
        :ARG0 p))',NULL);
INSERT INTO "annotations" VALUES(2,'ann2',22,'# ::id s3
# ::snt Ana said she left.
(s / say-01
    :ARG0 (p / person
        :name (n / name
            :op1 "Ana"))
    :ARG1 (l / leave-01
        :ARG0 p
        :time (b / before)))',NULL);
CREATE TABLE decisions (
            id INTEGER PRIMARY KEY, sentence INTEGER NOT NULL REFERENCES sentences(idx),
            payload TEXT NOT NULL, author TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)));
INSERT INTO "decisions" VALUES(1,0,'{"edits": [{"kind": "set_concept", "var": "g", "concept": "go-01"}], "summary": "concept of g: go-02 -> go-01"}','ana',0);
INSERT INTO "decisions" VALUES(2,0,'{"edits": [{"kind": "add_relation", "relation": {"source": "w", "role": ":polarity", "value": "-"}}], "summary": "add (w :polarity -)"}','ana',1);
INSERT INTO "decisions" VALUES(3,2,'{"edits": [{"kind": "set_concept", "var": "l", "concept": "leave-01"}], "summary": "concept of l: leave-11 -> leave-01"}','ana',0);
CREATE TABLE files (
            annotator TEXT PRIMARY KEY, position INTEGER NOT NULL UNIQUE, path TEXT NOT NULL,
            sha256 TEXT NOT NULL, content TEXT NOT NULL,
            is_gold INTEGER NOT NULL DEFAULT 0 CHECK (is_gold IN (0, 1)));
INSERT INTO "files" VALUES('ann1',0,'/home/ana/corpus/ann1.amr','c0ff7d841142d0fd844787cf1857cb2e514704ccef6de37551f82f201e184cd5','# hand-made annotations for the adjudication tests (annotator 1)

# ::id s1
# ::snt The boy wants to go.
(w / want-01
    :ARG0 (b / boy)
    :ARG1 (g / go-02
        :ARG0 b))

# ::id s2
# ::snt Sharks eat fish in the Red Sea.
(e / eat-01
    :ARG0 (s / shark)
    :ARG1 (f / fish)
    :location (s2 / sea))

# ::id s3
# ::snt Ana said she left.
(s / say-01
    :ARG0 (p / person
        :name (n / name
            :op1 "Ana"))
    :ARG1 (l / leave-11
        :ARG0 p))
',0);
INSERT INTO "files" VALUES('ann2',1,'/home/ana/corpus/ann2.amr','28b7d8916d198f1f8b5c0e2721f3d8a42280772e15b0187a82f78874b054cae1','# hand-made annotations for the adjudication tests (annotator 2)

# ::id s1
# ::snt The boy wants to go.
(w / want-01
    :ARG0 (b / boy)
    :ARG1 (g / go-01
        :ARG0 b)
    :polarity -)

# ::id s2
# ::snt Sharks eat fish in the Red Sea.
(e / eat-01
    :ARG0 (s / shark)
    :ARG1 (f / fish
        :ARG1-of (c / catch-01))
    :location (s2 / sea
        :name (n / name
            :op1 "Red"
            :op2 "Sea")))

# ::id s3
# ::snt Ana said she left.
(s / say-01
    :ARG0 (p / person
        :name (n / name
            :op1 "Ana"))
    :ARG1 (l / leave-01
        :ARG0 p
        :time (b / before)))
',0);
CREATE TABLE lock (
            id INTEGER PRIMARY KEY CHECK (id = 1), token TEXT NOT NULL, owner TEXT NOT NULL,
            pid INTEGER NOT NULL, host TEXT NOT NULL, acquired_at TEXT NOT NULL, heartbeat_at TEXT NOT NULL);
CREATE TABLE sentences (
            idx INTEGER PRIMARY KEY, sid TEXT,
            status TEXT NOT NULL DEFAULT 'not reviewed' CHECK (status IN ('not reviewed', 'agreed', 'needs discussion', 'adjudicated')),
            notes TEXT NOT NULL DEFAULT '', decided_by TEXT,
            start_annotator TEXT REFERENCES files(annotator));
INSERT INTO "sentences" VALUES(0,'s1','adjudicated','','ana','ann1');
INSERT INTO "sentences" VALUES(1,'s2','not reviewed','',NULL,'ann1');
INSERT INTO "sentences" VALUES(2,'s3','needs discussion','ask about leave-11','ana','ann1');
CREATE TABLE session (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "session" VALUES('created_at','2025-02-01T09:00:00.000Z');
INSERT INTO "session" VALUES('created_by','ana');
INSERT INTO "session" VALUES('format','amr');
INSERT INTO "session" VALUES('pair_by','auto');
INSERT INTO "session" VALUES('params','{"gamma": 0.1, "alpha": 0.2, "beta": 0.01, "tolerance": 0.0001, "digits": 4, "max_inner": 100, "max_outer": 50, "use_text": true, "use_alignments": true, "smatch": false, "profile": "paper"}');
INSERT INTO "session" VALUES('gold','');
INSERT INTO "session" VALUES('start_rule','auto');
INSERT INTO "session" VALUES('warnings','[]');
CREATE INDEX decisions_by_sentence ON decisions (sentence, id);
COMMIT;
