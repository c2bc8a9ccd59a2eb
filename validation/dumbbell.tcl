# A Chodorek cell in ns-2.35 (issue #20): paced video and K TCP NewReno flows sharing one
# drop-tail bottleneck, the set-up of mmperf.networks.shared_bottleneck.
#
#   ns dumbbell.tcl <video schedule> <tcp starts> <out> <bandwidth_bps> <one_way_delay_s>
#                   <queue_limit> <t_end_s> <rwnd_packets>
#
# <video schedule>: one line per video packet, "<send time [s]> <wire bytes>", all streams merged
# in time order; one UDP agent (fid 0) sends each at its time. <tcp starts>: one line per TCP
# flow, its start time [s]; flow k is an Agent/TCP/Newreno (fid k + 1, 1500-byte packets) with an
# FTP source and a TCPSink (an ACK per segment). Every agent sits on the bottleneck's input node
# r1 and every sink on r2, so the round trip is 2 x one_way_delay plus transmission times. A flow
# monitor on r1 -> r2 counts each flow's arrivals, drops and departures; at t_end they are written
# to <out>, one line per flow: "fid parrivals pdrops pdepartures barrivals bdrops bdepartures",
# then one line per TCP agent: "tcp k ndatapack nrexmitpack ncwndcuts".
#
# Reservations (s2-s4), with a ninth argument <reservations>: one line per policed source,
# "<source> <cir_bps> <cbs_bytes>", and a third column in <video schedule> giving each packet's
# source. This is ns-2's diffserv module as an edge/core pair. Source j is a node v_j with a
# 1e15 bit/s, zero-delay simplex link to r1, whose Queue/dsRED/edge marks its packets with a
# TokenBucket policer (dsPolicy.cc: CIR in bit/s, CBS in bytes, the bucket full at time 0; a packet
# that finds its size in tokens keeps code point 10, otherwise it is re-marked 11). The bottleneck
# r1 -> r2 is a Queue/dsRED/core with two physical queues served by strict priority (PRI,
# non-preemptive): code point 10 -> queue 0 (reserved; its limit far above what the buckets can
# hold), code points 11 (excess video) and 0 (TCP, unmarked) -> queue 1 (best effort), both in
# DROP mode (drop-tail: a packet is dropped when qlim - 1 packets of its queue are waiting, which
# with one in transmission is qlim in the system, as DropTail). ns-2 cannot change a TokenBucket's
# CIR at run time (addPolicyEntry appends an entry and the lookup returns the first that matches,
# at most 20 per queue): a renewed reservation (TFD) is one source, with its own bucket, per stream
# and window. After the flow lines: "cp <code point> <packets> <drops>" of the core queue.
#
# The video sends are scheduled ahead, not all at time 0: with the 10^5-10^6 of them in the heap from
# the start, every one of the millions of TCP events paid for a heap that size (K = 1, N = 1, seed 1:
# 37 s of CPU, against 1.7 s for the video alone, 1.4 s for the TCP alone, 3.5 s scheduled ahead).
# A loader (load_video) keeps the sends of the next 2 x lookahead s in the heap, each still one
# `$ns at t "$agent send bytes"` at the time read from the file, and the run is event for event the
# one that scheduled them all at time 0:
# - a send's time is exactly the file's: ns-2 turns `at t` into clock_ + (t - clock_), which is t
#   when t <= 2 clock_ (Sterbenz) and at time 0 (the preload); the loader asserts that equality
#   before each `at` (and that the file is in time order);
# - the heap breaks ties by insertion order (heap.h: (time, insertion count)), and scheduled at
#   time 0 a send came before every event at its time. It still does: the preload holds every send
#   up to max(3 x lookahead, the last TCP start) and is scheduled before the starts and `finish`
#   (sends after t_end never run and are not loaded; one at exactly t_end stops the run with an
#   error), and a send loaded at s has t > s + lookahead, so any event at t scheduled with a delay
#   below lookahead is inserted after it. The delays in this set-up are transmission times and the
#   2-ms link delay, except the TCP retransmission timer's (at least minrto_ = 0.2 s): lookahead is
#   0.1 s, and only a timer expiring at exactly a send's time could be ordered otherwise. (Exact ties
#   are rare: on 3 s of K = 10, N = 1, seed 1, even a 1-us lookahead gives the same packet trace.)
# The environment variable DUMBBELL_LOOKAHEAD_S sets lookahead; one of t_end or more schedules every
# send at time 0, as this script did before (a test runs both and compares them).

if {$argc != 8 && $argc != 9} {
    puts stderr "usage: ns dumbbell.tcl video_schedule tcp_starts out bw_bps delay_s qlim t_end rwnd ?reservations?"
    exit 2
}
lassign $argv vfile sfile outfile bw delay qlim tend rwnd rfile
set resv [expr {$argc == 9}]

set ns [new Simulator]
# the heap scheduler: ns-2's default calendar queue had not finished s1, K = 5, N = 5 after 9.5 minutes
# (its buckets resize badly on this event mix); the heap runs it in about 40 s, event for event the same
$ns use-scheduler Heap
set r1 [$ns node]
set r2 [$ns node]
# the dsRED queue of link from -> to, in packets of 1500 B, with nq physical queues of one precedence
# each, dropping at the tail (DROP mode); queue 0 holds 10^6 packets (bounded by its policer or as
# large as ns-2 allows)
proc dsred_queue {from to nq} {
    global ns
    set q [[$ns link $from $to] queue]
    $q meanPktSize 1500
    $q set numQueues_ $nq
    $q setNumPrec 1
    $q setMREDMode DROP
    $q configQ 0 0 1000000 1000000 0.1
    return $q
}

if {!$resv} {
    $ns duplex-link $r1 $r2 $bw ${delay}s DropTail
    $ns queue-limit $r1 $r2 $qlim
} else {
    $ns simplex-link $r1 $r2 $bw ${delay}s dsRED/core
    $ns simplex-link $r2 $r1 $bw ${delay}s DropTail
    $ns queue-limit $r1 $r2 1000000
    set core [dsred_queue $r1 $r2 2]
    $core setSchedularMode PRI
    $core configQ 1 0 [expr {$qlim - 1}] [expr {$qlim - 1}] 0.1
    $core addPHBEntry 10 0 0
    $core addPHBEntry 11 1 0
    $core addPHBEntry 0 1 0
}
$ns queue-limit $r2 $r1 $qlim
set fmon [$ns makeflowmon Fid]
$ns attach-fmon [$ns link $r1 $r2] $fmon

# a sender on r1 (or on the node given) and its sink on r2, connected
proc pair {src sink {node ""}} {
    global ns r1 r2
    if {$node eq ""} { set node $r1 }
    $ns attach-agent $node $src
    $ns attach-agent $r2 $sink
    $ns connect $src $sink
}

# the video: one UDP agent replaying the merged schedule (packetSize_ above every packet: one
# send, one packet of exactly the given size); its sends are scheduled by load_video below
if {!$resv} {
    set udp [new Agent/UDP]
    $udp set packetSize_ 2000
    $udp set fid_ 0
    pair $udp [new Agent/Null]
    set src(0) $udp
} else {
    # one policed source per line of the reservations file: node, edge link and queue, UDP agent
    set fh [open $rfile r]
    while {[gets $fh line] >= 0} {
        lassign $line j cir cbs
        set v [$ns node]
        $ns simplex-link $v $r1 1e15 0s dsRED/edge
        $ns queue-limit $v $r1 1000000
        set e [dsred_queue $v $r1 1]
        $e addPHBEntry 10 0 0
        $e addPHBEntry 11 0 0
        $e addPolicyEntry [$v id] [$r2 id] TokenBucket 10 $cir $cbs
        $e addPolicerEntry TokenBucket 10 11
        set u [new Agent/UDP]
        $u set packetSize_ 2000
        $u set fid_ 0
        pair $u [new Agent/Null] $v
        set src($j) $u
    }
    close $fh
}

# schedule every video send (a line "t bytes ?source?", source 0 without reservations) up to
# now + 2 x lookahead (at time 0: up to the preload horizon) and, while sends remain, run again in
# lookahead s (the header says why the run is the one with every send scheduled at time 0)
set lookahead 0.1
if {[info exists env(DUMBBELL_LOOKAHEAD_S)]} { set lookahead $env(DUMBBELL_LOOKAHEAD_S) }
if {!([string is double -strict $lookahead] && $lookahead > 0)} {
    error "DUMBBELL_LOOKAHEAD_S must be a number of seconds above 0, not '$lookahead'"
}
set vfh [open $vfile r]
set vline ""
set vlast 0
set nv 0
proc load_video {{horizon ""}} {
    global ns vfh vline vlast nv src lookahead tend
    set now [$ns now]
    if {$horizon eq ""} { set horizon [expr {$now + 2 * $lookahead}] }
    while {1} {
        if {$vline eq "" && [gets $vfh vline] < 0} {
            close $vfh
            return
        }
        lassign $vline t bytes j
        if {$t < $vlast} { error "the video schedule is not in time order: $t after $vlast" }
        set vlast $t
        if {$t > $horizon} break
        if {$t > $tend} {
            close $vfh
            return
        }
        if {$t == $tend} { error "a video send at t_end $tend: it would run before finish, as scheduled at time 0" }
        if {$now + ($t - $now) != $t} { error "ns-2 would schedule the video send at $t at another time from $now" }
        if {$j eq ""} { set j 0 }
        $ns at $t "$src($j) send $bytes"
        incr nv
        set vline ""
    }
    $ns at [expr {$now + $lookahead}] load_video
}
set fh [open $sfile r]
set starts [split [string trim [read $fh]] "\n"]
close $fh
set preload [expr {3 * $lookahead}]
foreach t $starts { if {$t > $preload} { set preload $t } }
load_video $preload

# the TCP flows: RFC 6582 NewReno (ns-2's defaults newreno_changes1_ 1, partial_window_deflation_ 1),
# 1460 + 40 = 1500-byte packets, a large window, initial window 2, no SYN, RTO as RFC 6298 with a
# 0.2-s minimum, 1 s initially, a 1-ms clock
set tcps {}
set k 0
foreach line $starts {
    set tcp [new Agent/TCP/Newreno]
    $tcp set fid_ [expr {$k + 1}]
    $tcp set packetSize_ 1460
    $tcp set window_ $rwnd
    $tcp set ssthresh_ $rwnd
    $tcp set windowInit_ 2
    $tcp set maxburst_ 0
    $tcp set syn_ false
    $tcp set delay_growth_ false
    $tcp set minrto_ 0.2
    $tcp set maxrto_ 60
    $tcp set rtxcur_init_ 1.0
    $tcp set tcpTick_ 0.001
    pair $tcp [new Agent/TCPSink]
    set ftp [new Application/FTP]
    $ftp attach-agent $tcp
    $ns at [string trim $line] "$ftp start"
    lappend tcps $tcp
    incr k
}
puts "TCP flows $k"

proc finish {} {
    global fmon outfile tcps nv
    puts "video packets scheduled $nv"
    set out [open $outfile w]
    foreach f [$fmon flows] {
        puts $out "[$f set flowid_] [$f set parrivals_] [$f set pdrops_] [$f set pdepartures_] [$f set barrivals_] [$f set bdrops_] [$f set bdepartures_]"
    }
    global resv core
    if {$resv} {
        foreach cp {0 10 11} {
            puts $out "cp $cp [expr {int([$core getStat pkts $cp])}] [expr {int([$core getStat drops $cp])}]"
        }
    }
    set k 0
    foreach t $tcps {
        puts $out "tcp $k [$t set ndatapack_] [$t set nrexmitpack_] [$t set ncwndcuts_] [$t set nrexmit_]"
        incr k
    }
    close $out
    exit 0
}
$ns at $tend "finish"
$ns run
