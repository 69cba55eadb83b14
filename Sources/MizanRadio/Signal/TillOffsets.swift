/// Each till's own fixed RSSI offset, dB (its radio, antenna and mounting):
/// given (the per-receiver offsets `mizan calibrate` fits, a floor file's
/// `tillOffsets`) or drawn per till from N(0, `RadioParameters.tillOffsetSigma`)
/// by the signal model (`SignalModel.addTill`).
///
/// Source of the spread: the Danis receivers' fitted offsets spread 3.1 dB
/// (sd over 12 receivers, -6.8 to +5.9 dB; `docs/calibration.md`). Phones
/// differ more: median -3 dB, 5-95 % -12 to +5 dB over 313 Android models
/// (Google Exposure Notification calibration table), which is a phone-side
/// offset, not this.
public enum TillOffsets {
    /// sd of a drawn till offset, dB: the Danis receivers' spread.
    public static let danisSpread = 3.1
}
