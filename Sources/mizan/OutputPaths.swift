import MizanFormats
#if canImport(Glibc)
import Glibc
#endif

/// What a command writes and what it reads, checked in one place before any
/// work starts, and made ready (folders created, a command's own folder
/// emptied of an earlier run) before the first byte is written:
/// - no output is an empty path;
/// - no output is the same file (or folder) as an input, and no two outputs are one file;
/// - a file output is a regular file or does not exist yet: every file is
///   written under a temporary name and renamed into place, which a pipe, a
///   device or `/proc/self/fd/N` cannot take, so those are refused;
/// - a folder output is a folder or does not exist yet (it is created);
/// - a folder the command owns (`mizan run --out`) holds nothing but what the
///   command writes: an earlier run's files are removed, anything else is refused.
struct OutputPaths {
    private enum Kind {
        case file
        /// A folder and the names the command writes in it; `owned`: it holds nothing else.
        case folder(names: [String], owned: Bool)
    }

    let command: String
    private var outputs: [(what: String, path: String, kind: Kind)] = []
    private var inputs: [String] = []

    init(_ command: String) { self.command = command }

    /// A file the command writes, named by `what` (e.g. "--trace").
    mutating func file(_ what: String, _ path: String?) {
        if let path { outputs.append((what, path, .file)) }
    }

    /// A folder the command writes `names` into (made if missing). An `owned`
    /// folder holds nothing but those names: they are removed before the run
    /// (in the order given), and any other entry is refused.
    mutating func folder(_ what: String, _ path: String?, writing names: [String], owned: Bool = false) {
        if let path { outputs.append((what, path, .folder(names: names, owned: owned))) }
    }

    /// Files (or folders) the command reads: no output may be one of them.
    mutating func input(_ paths: String?...) { inputs += paths.compactMap { $0 } }
    mutating func inputs(_ paths: [String]) { inputs += paths }

    /// Checks, then makes ready: `check()`, then `make()`.
    func prepare() throws {
        try check()
        try make()
    }

    /// Every rule above that can be checked without writing anything.
    func check() throws(UsageError) {
        // A file in (or at) a folder that holds nothing but the command's own files, and is replaced whole.
        for file in outputs {
            guard case .file = file.kind else { continue }
            let path = Self.canonical(file.path)
            if let owner = outputs.first(where: { output in
                guard case .folder(_, true) = output.kind else { return false }
                let folder = Self.canonical(output.path)
                return path == folder || path.hasPrefix(folder + "/")
            }) {
                throw UsageError("\(command): \(file.what) '\(file.path)' is inside \(owner.what)'s folder, which holds only the run's own files and is replaced whole; put it elsewhere")
            }
        }
        let inputKeys = inputs.map { (path: $0, key: Self.canonical($0)) }
        var seen: [String: String] = [:]
        for output in outputs {
            guard !output.path.isEmpty else {
                throw UsageError("\(command): \(output.what) is an empty path; name a file or folder")
            }
            var written: [String]
            switch output.kind {
            case .file:
                written = [output.path]
                try checkFile(output.what, output.path)
            case let .folder(names, owned):
                written = names.map { output.path + "/" + $0 }
                try checkFolder(output.what, output.path, names: names, owned: owned)
                for path in written { try checkFile(output.what, path) }
                if let input = inputKeys.first(where: { $0.key == Self.canonical(output.path) }) {
                    throw UsageError("\(command): \(output.what) would write into the input '\(input.path)'; choose another folder")
                }
            }
            for path in written {
                let key = Self.canonical(path)
                if let input = inputKeys.first(where: { $0.key == key }) {
                    throw UsageError("\(command): \(output.what) would write over the input '\(input.path)'; choose another path")
                }
                if let other = seen[key] {
                    throw UsageError("\(command): \(output.what) and \(other) both write '\(path)'; give each its own path")
                }
                seen[key] = output.what
            }
        }
    }

    /// Creates every output's folder (a file's, or the folder output itself),
    /// checks it can be written, and empties an owned folder of what an
    /// earlier run left. Nothing is simulated before this succeeds.
    func make() throws {
        for output in outputs {
            let folder: String
            switch output.kind {
            case .file: folder = Self.folder(of: output.path)
            case .folder: folder = output.path
            }
            do { try TextFile.makeDirectory(folder) } catch {
                throw InputError(path: folder, "cannot make this folder (\(error.reason)), which \(output.what) writes into")
            }
            guard access(folder, W_OK) == 0 else {
                throw InputError(path: folder, "cannot write in this folder (\(String(cString: strerror(errno)))), which \(output.what) writes into")
            }
            if case let .folder(names, owned) = output.kind, owned {
                for name in names {
                    try TextFile.remove(output.path + "/" + name)
                    try TextFile.remove(TextFile.partialPath(for: output.path + "/" + name))
                }
            }
        }
    }

    private func checkFile(_ what: String, _ path: String) throws(UsageError) {
        switch Self.kind(path) {
        case nil, S_IFREG?: return
        case S_IFDIR?: throw UsageError("\(command): \(what) '\(path)' is a folder; name a file")
        case let other?:
            throw UsageError("\(command): \(what) '\(path)' is \(Self.describe(other)), not a regular file: every output is written under a temporary name and renamed into place, which \(Self.describe(other)) cannot take; name a regular file")
        }
    }

    private func checkFolder(_ what: String, _ path: String, names: [String], owned: Bool) throws(UsageError) {
        if owned {
            // Replaced whole by renaming another folder into its place: a link would be replaced, not
            // what it points to, and the current folder cannot be.
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw UsageError("\(command): \(what) '\(path)' is a symbolic link; name the folder itself (its run is replaced whole)")
            }
            let here = Self.canonical(".")
            if path.split(separator: "/").last.map({ $0 == "." || $0 == ".." }) ?? true || here == Self.canonical(path)
                || here.hasPrefix(Self.canonical(path) + "/") {
                throw UsageError("\(command): \(what) '\(path)' is the current folder or holds it (or ends in . or ..); name a folder of its own (its run is replaced whole)")
            }
        }
        switch Self.kind(path) {
        case nil: return
        case S_IFDIR?: break
        case let other?: throw UsageError("\(command): \(what) '\(path)' is \(Self.describe(other)), not a folder; name a folder (it is made if missing)")
        }
        guard owned else { return }
        let known = Set(names + names.map { "." + $0 + ".partial" })
        let entries: [String]
        do { entries = try TextFile.list(path) } catch { throw UsageError("\(command): \(what) '\(path)': \(error.reason)") }
        if let foreign = entries.first(where: { !known.contains($0) }) {
            throw UsageError("\(command): \(what) '\(path)' holds '\(foreign)', which \(command) does not write; give a new or empty folder, or the folder of an earlier run (whose files are replaced)")
        }
    }

    /// The file type of what `path` names (following links), or nil when nothing is there.
    private static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFREG: "a file"
        default: "not a regular file"
        }
    }

    private static func folder(of path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return "." }
        let folder = parts.dropLast().joined(separator: "/")
        return folder.isEmpty ? "/" : folder
    }

    /// One spelling per file, from the root: its links resolved as far as it exists, `.` and `..`
    /// worked out in the rest (where a file not yet made will be).
    static func canonical(_ path: String) -> String {
        let here = path.hasPrefix("/") ? "" : realPath(".") ?? "."
        var parts = (here + "/" + path).split(separator: "/").map(String.init)
        // The longest part that exists, resolved; the rest as written.
        var rest: [String] = []
        while !parts.isEmpty, realPath("/" + parts.joined(separator: "/")) == nil { rest.insert(parts.removeLast(), at: 0) }
        var resolved = (realPath("/" + parts.joined(separator: "/")) ?? "").split(separator: "/").map(String.init)
        for part in rest where part != "." {
            if part == ".." { if !resolved.isEmpty { resolved.removeLast() } } else { resolved.append(part) }
        }
        return "/" + resolved.joined(separator: "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
