extension Duration {
    /// Seconds as a `Double`.
    public var seconds: Double {
        let (whole, atto) = components
        return Double(whole) + Double(atto) * 1e-18
    }
}
