import GRDB

extension StoreSchema {
    /// The schema every migration together makes, for a store that does not exist yet: created in
    /// one transaction with every migration marked applied, instead of running sixteen migrations
    /// one after another (most of the time `add` spent making a new home's store). The migrations
    /// stay what upgrades an existing store; `FreshStoreTests` fails when this text and what they
    /// make differ, and prints what it should be. The last line is the sequence v2's rebuild of
    /// `tagBook` left behind.
    static let currentSchemaSQL = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        CREATE TABLE "coverFile" ("path" TEXT PRIMARY KEY NOT NULL, "sha256" TEXT NOT NULL UNIQUE, \
        "format" TEXT NOT NULL, "width" INTEGER NOT NULL, "height" INTEGER NOT NULL, \
        "byteCount" INTEGER NOT NULL, "drawn" BOOLEAN NOT NULL DEFAULT 0);
        CREATE TABLE "tag" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "key" TEXT NOT NULL UNIQUE, \
        "name" TEXT NOT NULL, "createdAt" INTEGER NOT NULL, "lastFetchedAt" INTEGER, \
        "totalResults" INTEGER NOT NULL DEFAULT 0, "pageSize" INTEGER, \
        "startPage" INTEGER NOT NULL DEFAULT 1, "bookCount" INTEGER NOT NULL DEFAULT 0, \
        "source" TEXT NOT NULL DEFAULT 'goodreads', "origin" TEXT, "collageStyle" TEXT, "yearContext" TEXT);
        CREATE TABLE "coverCheck" ("path" TEXT PRIMARY KEY NOT NULL);
        CREATE TABLE "tagBook" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "tagId" INTEGER NOT NULL REFERENCES "tag"("id") ON DELETE CASCADE, "position" INTEGER NOT NULL, \
        "source" TEXT NOT NULL, "sourceID" TEXT NOT NULL, "workID" INTEGER, "title" TEXT NOT NULL, \
        "authorID" INTEGER, "authorName" TEXT, "imageURL" TEXT, "averageRating" DOUBLE, \
        "ratingsCount" INTEGER, "originalPublicationYear" INTEGER, \
        "coverPath" TEXT NOT NULL REFERENCES "coverFile"("path") ON DELETE RESTRICT, UNIQUE ("tagId", \
        "position"), UNIQUE ("tagId", "source", "sourceID"));
        CREATE INDEX "tagBook_on_tagId" ON "tagBook"("tagId");
        CREATE INDEX "tagBook_on_book" ON "tagBook"("source", "sourceID");
        CREATE INDEX "tagBook_on_coverPath" ON "tagBook"("coverPath");
        CREATE TABLE "book" ("source" TEXT NOT NULL, "sourceID" TEXT NOT NULL, "title" TEXT NOT NULL, \
        "isbn" TEXT, "rawISBN13" TEXT, "isbn10" TEXT, "isbn13" TEXT, "imageURL" TEXT, "smallImageURL" TEXT, \
        "publicationYear" INTEGER, "publicationMonth" INTEGER, "publicationDay" INTEGER, \
        "originalPublicationYear" INTEGER, "workID" INTEGER, "publisher" TEXT, "descriptionHTML" TEXT, \
        "averageRating" DOUBLE, "ratingsCount" INTEGER, "pageCount" INTEGER, "format" TEXT, \
        "authors" TEXT NOT NULL, "coverPath" TEXT REFERENCES "coverFile"("path") ON DELETE RESTRICT, \
        "fetchedAt" INTEGER NOT NULL, "myRating" INTEGER, "dateRead" TEXT, \
        "fetchedForItself" BOOLEAN NOT NULL DEFAULT 1, "descriptionText" TEXT, "myStars" DOUBLE, \
        "readDates" TEXT, "readingFormat" TEXT, "moods" TEXT, "pace" TEXT, "pageCountSource" TEXT, \
        "readStarts" TEXT, PRIMARY KEY ("source", "sourceID"));
        CREATE INDEX "book_on_isbn10" ON "book"("isbn10");
        CREATE INDEX "book_on_isbn13" ON "book"("isbn13");
        CREATE INDEX "book_on_coverPath" ON "book"("coverPath");
        CREATE INDEX "tag_listing" ON "tag"("key", "name", "createdAt", "lastFetchedAt", "totalResults", \
        "pageSize", "startPage", "bookCount", "source", "origin", "collageStyle");
        CREATE INDEX "book_listed" ON "book"("source", "sourceID") WHERE "fetchedForItself" = 0;
        CREATE INDEX "book_numbers" ON "book"("source", "sourceID", "pageCount", "myStars", "dateRead", \
        "averageRating", "originalPublicationYear", "publicationYear", "readingFormat", "moods", "pace", \
        "pageCountSource", "readDates", "readStarts");
        CREATE TABLE "readingInterval" ("source" TEXT NOT NULL, "sourceID" TEXT NOT NULL, \
        "start" INTEGER NOT NULL, "seconds" INTEGER NOT NULL, "day" TEXT NOT NULL, "hour" INTEGER NOT NULL, \
        FOREIGN KEY ("source", "sourceID") REFERENCES "book"("source", "sourceID") ON DELETE CASCADE);
        CREATE INDEX "readingInterval_by_book" ON "readingInterval"("source", "sourceID", "start", \
        "seconds", "day", "hour");
        CREATE TABLE "readingDay" ("source" TEXT NOT NULL, "sourceID" TEXT NOT NULL, "day" TEXT NOT NULL, \
        "seconds" INTEGER NOT NULL, "hours" BLOB NOT NULL, FOREIGN KEY ("source", \
        "sourceID") REFERENCES "book"("source", "sourceID") ON DELETE CASCADE);
        CREATE INDEX "readingDay_by_book" ON "readingDay"("source", "sourceID", "day", "seconds", "hours");
        CREATE TABLE "readingSessions" ("source" TEXT NOT NULL, "sourceID" TEXT NOT NULL, \
        "year" INTEGER NOT NULL, "count" INTEGER NOT NULL, "longestSeconds" INTEGER NOT NULL, \
        "longestStart" INTEGER NOT NULL, "longestDay" TEXT NOT NULL, FOREIGN KEY ("source", \
        "sourceID") REFERENCES "book"("source", "sourceID") ON DELETE CASCADE);
        CREATE INDEX "readingSessions_by_book" ON "readingSessions"("source", "sourceID", "year", "count", \
        "longestSeconds", "longestStart", "longestDay");
        CREATE TABLE "coverLargest" ("path" TEXT PRIMARY KEY NOT NULL \
        REFERENCES "coverFile"("path") ON DELETE CASCADE, \
        "largestPath" TEXT REFERENCES "coverFile"("path") ON DELETE RESTRICT, "askedAt" INTEGER NOT NULL);
        CREATE INDEX "coverLargest_on_largestPath" ON "coverLargest"("largestPath");
        CREATE TABLE "device" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "key" TEXT NOT NULL UNIQUE, \
        "name" TEXT NOT NULL, "salt" TEXT NOT NULL, "keyHash" TEXT NOT NULL, "createdAt" INTEGER NOT NULL, \
        "lastSyncAt" INTEGER);
        CREATE TABLE "deviceBook" ("device" INTEGER NOT NULL, "id" INTEGER NOT NULL, "title" TEXT NOT NULL, \
        "authors" TEXT, "pages" INTEGER NOT NULL, "md5" TEXT, PRIMARY KEY ("device", "id"));
        CREATE TABLE "devicePageStat" ("device" INTEGER NOT NULL, "book" INTEGER NOT NULL, \
        "page" INTEGER NOT NULL, "start" INTEGER NOT NULL, "seconds" INTEGER NOT NULL, \
        "totalPages" INTEGER NOT NULL);
        CREATE INDEX "devicePageStat_by_device" ON "devicePageStat"("device", "book");
        CREATE TABLE "readingProgress" ("document" TEXT PRIMARY KEY NOT NULL, "progress" TEXT NOT NULL, \
        "percentage" DOUBLE NOT NULL, "deviceModel" TEXT NOT NULL, "deviceID" TEXT NOT NULL, \
        "deviceName" TEXT NOT NULL, "updatedAt" INTEGER NOT NULL);
        CREATE TABLE "readingGoal" ("year" INTEGER PRIMARY KEY, "books" INTEGER NOT NULL, \
        "pages" INTEGER, "updatedAt" INTEGER NOT NULL);
        CREATE TABLE "shareLink" ("key" TEXT PRIMARY KEY NOT NULL, \
        "tagId" INTEGER NOT NULL UNIQUE REFERENCES "tag"("id") ON DELETE CASCADE, "createdAt" INTEGER NOT NULL, \
        "language" TEXT);
        INSERT INTO sqlite_sequence (name, seq) VALUES ('tagBook', 0);
        """

    /// Creates the current schema in an empty database, every migration marked applied. Returns
    /// false, touching nothing, when the database already has a table.
    static func createCurrentSchema(_ db: Database, migrator: DatabaseMigrator) throws -> Bool {
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 else { return false }
        try db.execute(sql: currentSchemaSQL)
        for identifier in migrator.migrations {
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
        }
        return true
    }
}
