/// A file format written in JSON (a floor, a sweep, a lane, an experiment):
/// it reads parsed JSON strictly, and gets loading a file and parsing text
/// from that one reader, so every format refuses the same mistakes the same way.
public protocol JSONFileFormat {
    associatedtype Contents

    /// Reads and checks parsed JSON; `file` names it in every error.
    static func read(_ json: JSONValue, file: String) throws(JSONFileError) -> Contents
}

extension JSONFileFormat {
    /// Reads and checks the file at `path`.
    public static func load(path: String) throws(JSONFileError) -> Contents {
        try read(JSONObjectReader.load(path: path), file: path)
    }

    /// Reads and checks `text`; `file` names it in every error.
    public static func parse(_ text: String, file: String) throws(JSONFileError) -> Contents {
        try read(JSONObjectReader.parse(text, file: file), file: file)
    }
}
