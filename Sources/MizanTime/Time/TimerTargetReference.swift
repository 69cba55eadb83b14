/// A `TimerTarget` as a pending timer holds it: unowned, as the callbacks it
/// replaces captured their objects, so that the clock's queue keeps no target
/// alive (the medium and a device's timers hold the clock; a strong reference
/// back would make a cycle until the run shuts down). A target must outlive
/// its pending timers: the medium and the devices live as long as their run
/// (a retired payer's timers are idle first), and firing on a freed target
/// stops the process, as an unowned capture did.
package struct TimerTargetReference {
    unowned let target: any TimerTarget
}
