import MizanFormats

/// The build running a command, as a sweep's lines and a run folder's
/// run.json record it: the version and configuration, and the digest of the
/// sources this binary was built from (`SourceTree`, generated when it is
/// built by the SourceDigest plugin, Plugins/SourceDigest).
enum Build {
    static var identity: String { SweepIdentity.build(sources: SourceTree.digest) }
}
