import Foundation

/// The one GraphQL query booktag sends Hardcover: the token's user's books of one status, newest
/// read first, a page at a time. Its fields are the documented schema's (`user_books`,
/// `user_book_reads`, `editions`, `books`, `images`, `contributions`), as readers' own clients ask.
enum HardcoverQuery {
    /// At most this many books a page (Hardcover's own limit for a query's rows is higher).
    static let pageSize = 100

    static let shelf = """
        query BooktagShelf($status: Int!, $limit: Int!, $offset: Int!) {
          me {
            user_books(
              where: {status_id: {_eq: $status}}
              order_by: [{last_read_date: desc_nulls_last}, {date_added: desc}, {id: desc}]
              limit: $limit
              offset: $offset
            ) {
              id
              rating
              last_read_date
              user_book_reads(order_by: {id: asc}) { started_at finished_at }
              edition { pages isbn_10 isbn_13 }
              book {
                id
                title
                release_year
                pages
                image { url }
                contributions { author { name } }
              }
            }
          }
        }
        """

    /// The request's body: the query and its variables, keys sorted, so that the same page is the
    /// same bytes (a recording finds it again by them).
    static func body(status: Int, page: Int, pageSize: Int = pageSize) -> Data {
        struct Body: Encodable {
            struct Variables: Encodable {
                var status: Int
                var limit: Int
                var offset: Int
            }
            var query: String
            var variables: Variables
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let variables = Body.Variables(status: status, limit: pageSize, offset: max(0, page - 1) * pageSize)
        return (try? encoder.encode(Body(query: shelf, variables: variables))) ?? Data()
    }
}
