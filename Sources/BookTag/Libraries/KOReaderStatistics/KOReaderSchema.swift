/// The tables of KOReader's statistics database as its plugin creates them (schema 20221111:
/// `book` and `page_stat_data`, with their indexes), for the union of a reader's devices that
/// booktag writes and reads back with `KOReaderReader`.
enum KOReaderSchema {
    static let sql = """
        CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer,
            last_open integer, highlights integer, pages integer, series text, language text, md5 text,
            total_read_time integer, total_read_pages integer);
        CREATE UNIQUE INDEX book_title_authors_md5 ON book(title, authors, md5);
        CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
            start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
            total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time),
            FOREIGN KEY(id_book) REFERENCES book(id));
        CREATE INDEX page_stat_data_start_time ON page_stat_data(start_time);
        PRAGMA user_version = 20221111;
        """
}
