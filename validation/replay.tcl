# Replay one cell of the book's packet schedule in ns-2.35 (issue #18).
#
#   ns replay.tcl <transport> <schedule> <trace> <bandwidth_mbps> <delay_s> <queue_limit>
#                 <error_rate> <loss_start_1_s> <loss_start_2_s> <seed> <t_end_s>
#                 [<unordered> <unrel_rtx> <rwnd_trace>]
#
# transport: "tcp" (FullTcp over the first path), "sctp" (one association over both
# paths, new data on the first), "cmt" (CMT-SCTP over both), "udp" (the book's RTP: one
# datagram per packet on the first path; used by `make bench`), or "ortiz": the paper's own
# SCTP configuration (ns-2's defaults except what the paper states, see below), which takes
# three more arguments: <unordered> 0 or 1 (ns-2's unordered_), <unrel_rtx> -1 for a reliable
# stream or k >= 0 for a PR-SCTP stream abandoning a chunk after k retransmissions
# (numUnrelStreams_ 1, reliability_ k), and <rwnd_trace>, the receiver's rwnd_ trace:
# one line per change of its window, a rise being a chunk passed to the application.
# <schedule> holds one line per packet of the book:
# "<send time [s]> <payload bytes>", in sending order; each is written to the agent at its
# time (one send per packet). The topology is the book's (mmperf.networks.packetsim):
# two duplex links of B Mb/s, 5 ms, drop-tail, between the interface nodes of the two
# hosts; a uniform packet error model on each forward link switches on at its loss onset.
# Every link is traced to <trace> (ns-2's standard format, TCP header fields shown), the
# only way to see delivery: ns-2's SCTP never calls the receiving application.
# The settings are the book's values, not ns-2's defaults (see validation/ns2.py).
#
# Options, anywhere on the line (each name and value two arguments; removed before the positional
# arguments above are read, so they combine with the ortiz transport's three extra arguments):
#   -set {var value ...}     set these agent variables on both agents (sender and receiver)
#   -setsrc {var value ...}  set these on the sender only
# Both are applied after the book's settings, before the simulation starts: each restores one of
# ns-2's defaults for `python validation/ns2.py defaults`, e.g. -set {initialRwnd_ 65536} or
# -setsrc {segsize_ 536} (the FullTcp receiver keeps its 1-byte segment).
#   -droplist <file>         link 1 loses exactly the packets listed in <file> (whitespace-separated, sorted,
#                            counting from 0 every packet that leaves link 1's queue: ns-2's ErrorModel/List)
#                            instead of its uniform error model; link 2 loses nothing. For tracing ns-2 and
#                            the engine on one loss pattern (validation/tcp_trace.py).
#   -layerrtx {k0 k1}        transports sctp and cmt: PR-SCTP per layer (the book's SCTPMultiUnreliable
#                            and SCTPMultiMixed): each schedule line then has a third field, the packet's
#                            layer (0 base, 1 enhancement), and a message of layer l is abandoned after
#                            k_l retransmissions (-1: never, a reliable layer). ns-2.35 keeps reliability
#                            per stream and a non-SCTP-aware application writes every message to stream 0
#                            (sctp.cc, SctpAgent::sendmsg: uiNumOutStreams = 1, usStreamId = 0), so stream 0
#                            is made unreliable (numUnrelStreams_ 1) and each message carries its own limit,
#                            copied from reliability_ when it is written (sendmsg: usReliability =
#                            uiReliability; MarkChunkForRtx abandons a chunk once iNumTxs > that limit): a
#                            reliable layer's limit is 65535, more transmissions than any run makes. The
#                            layers' streams are restored offline, as the one stream's order is (unordered_ 1).
#   -agenttrace <file>       transports sctp and cmt: the sender's state per destination written to <file> at every
#                            change of cwnd_, rto_ or errorCount_ (ns-2's SCTP trace_all_: cwnd, outstanding bytes,
#                            ssthresh, rto, srtt, error count, status, timeouts), with its "DataTimeout" and
#                            "RTX TSN" lines (sctp-cmt.cc, Timeout and RtxMarkedChunks). For tracing
#                            (validation/cmt_t3_trace.py).

# an option with one value, taken out of argv: its value, or {} when it is absent
proc take_option {name takes} {
    global argv
    if {[set i [lsearch -exact $argv $name]] < 0} { return {} }
    if {$i + 1 >= [llength $argv]} {
        puts stderr "$name takes $takes"
        exit 2
    }
    set value [lindex $argv $i+1]
    set argv [lreplace $argv $i $i+1]
    return $value
}
set droplist [take_option -droplist "a file of packet numbers"]
set agenttrace [take_option -agenttrace "a file name"]
# the options -layerrtx, -set and -setsrc, taken out of argv: lists of limits, of agent variables and values
set overrides {}
set overrides_src {}
set layerrtx {}
if {[set i [lsearch -exact $argv -layerrtx]] >= 0} {
    if {$i + 1 >= [llength $argv] || [llength [lindex $argv $i+1]] != 2} {
        puts stderr "-layerrtx takes one list of two retransmission limits, e.g. -layerrtx {-1 1}"
        exit 2
    }
    set layerrtx [lindex $argv $i+1]
    set argv [lreplace $argv $i $i+1]
}
foreach option {-set -setsrc} listvar {overrides overrides_src} {
    while {[set i [lsearch -exact $argv $option]] >= 0} {
        if {$i + 1 >= [llength $argv] || [llength [lindex $argv $i+1]] % 2} {
            puts stderr "$option takes one list of variable value pairs, e.g. $option {initialRwnd_ 65536}"
            exit 2
        }
        lappend $listvar {*}[lindex $argv $i+1]
        set argv [lreplace $argv $i $i+1]
    }
}
set argc [llength $argv]

if {$argc != 11 && $argc != 14} {
    puts stderr "usage: ns replay.tcl transport schedule trace bw_mbps delay_s qlim per start1 start2 seed t_end\
                 \[unordered unrel_rtx rwnd_trace\] \[-set {var value ...}\] \[-setsrc {var value ...}\]"
    exit 2
}
lassign $argv transport schedule tracefile bw delay qlim per start1 start2 seed tend unordered unrelrtx rwndfile
if {($transport eq "ortiz") != ($argc == 14)} {
    puts stderr "transport ortiz takes (and only it takes) unordered unrel_rtx rwnd_trace"
    exit 2
}

set ns [new Simulator]
$defaultRNG seed $seed
Trace set show_tcphdr_ [expr {$transport eq "tcp"}]
Trace set show_sctphdr_ [expr {$transport in {sctp cmt ortiz}}]
set tf [open $tracefile w]

proc duplex {a b} {
    global ns bw delay qlim
    $ns duplex-link $a $b ${bw}Mb ${delay}s DropTail
    $ns queue-limit $a $b $qlim
    $ns queue-limit $b $a $qlim
}

# a uniform packet error model on the forward link a -> b, off until onset
proc errmodel {a b onset} {
    global ns per
    set em [new ErrorModel]
    $em unit pkt
    $em set rate_ 0.0
    $em ranvar [new RandomVariable/Uniform]
    $em drop-target [new Agent/Null]
    $ns link-lossmodel $em $a $b
    if {$per > 0} { $ns at $onset "$em set rate_ $per" }
    return $em
}

# the sender's and receiver's interface nodes (path 1: s1 - r1, path 2: s2 - r2)
set s1 [$ns node]; set s2 [$ns node]
set r1 [$ns node]; set r2 [$ns node]
duplex $s1 $r1
duplex $s2 $r2
if {$droplist eq ""} {
    set em1 [errmodel $s1 $r1 $start1]
    set em2 [errmodel $s2 $r2 $start2]
} else {
    set fh [open $droplist r]
    set drops [string trim [read $fh]]
    close $fh
    set em1 [new ErrorModel/List]
    $em1 unit pkt
    $em1 droplist $drops
    $em1 drop-target [new Agent/Null]
    $ns link-lossmodel $em1 $s1 $r1
}
foreach {a b} [list $s1 $r1 $r1 $s1 $s2 $r2 $r2 $s2] { $ns trace-queue $a $b $tf }

if {$transport eq "tcp"} {
    # The book's TCP: 1460-byte segments, a 64 KiB window (44 segments) advertised in full,
    # initial window 2, an ACK for every segment, Nagle off, RTO 3 s initial, 0.2 s minimum.
    set src [new Agent/TCP/FullTcp]
    set dst [new Agent/TCP/FullTcp]
    foreach a [list $src $dst] {
        $a set segsize_ 1460
        $a set window_ 44
        $a set windowInit_ 2
        $a set segsperack_ 1
        $a set nodelay_ true
        $a set minrto_ 0.2
        $a set maxrto_ 60
        $a set rtxcur_init_ 3.0
        $a set tcpTick_ 0.001
    }
    # FullTcp ACKs once a full segment's bytes are unacknowledged (else after the 0.1 s delayed-ACK
    # timer): the book's packets are mostly shorter, so a receiver segment of one byte makes it ACK
    # every segment, as the book's receiver does
    $dst set segsize_ 1
    $ns attach-agent $s1 $src
    $ns attach-agent $r1 $dst
    $ns connect $src $dst
    $dst listen
    proc write {bytes} { global src; $src advance-bytes $bytes }
} elseif {$transport eq "ortiz"} {
    # Ortiz et al.'s configuration: "we left most of the SCTP parameters in ns-2 with their
    # default values", except pathMaxRetrans and changePrimaryThresh 1 and, for the unreliable
    # strategies, PR-SCTP with "at least one retransmission for each loss". So ns-2's defaults:
    # ordered delivery, rwnd and ssthresh 64 KiB, delayed SACKs (0.2 s), initial cwnd 2 MTU,
    # RTO 3 s initial and 1-60 s; one stream. Only the MTU departs from the default: 1500
    # cannot carry the paper's 1460-byte messages (plus 16 chunk, 12 common and 20 IP header
    # bytes) and ns-2's SCTP does not fragment, so 1508 as in the other cases.
    set hs [$ns node]; set hr [$ns node]
    $ns multihome-add-interface $hs $s1
    $ns multihome-add-interface $hs $s2
    $ns multihome-add-interface $hr $r1
    $ns multihome-add-interface $hr $r2
    set src [new Agent/SCTP]
    set dst [new Agent/SCTP]
    foreach a [list $src $dst] {
        $a set mtu_ 1508
        $a set dataChunkSize_ 1476
        $a set pathMaxRetrans_ 1
        $a set changePrimaryThresh_ 1
        $a set unordered_ $unordered
        if {$unrelrtx >= 0} {
            # ns-2: a chunk of an unreliable stream is abandoned once marked for retransmission
            # with more than reliability_ transmissions behind it, i.e. after reliability_
            # retransmissions (sctp.cc, MarkChunkForRtx)
            $a set numUnrelStreams_ 1
            $a set reliability_ $unrelrtx
        }
    }
    $ns multihome-attach-agent $hs $src
    $ns multihome-attach-agent $hr $dst
    $ns connect $src $dst
    $src set-primary-destination $r1
    # the receiver's window: it falls when a chunk is accepted and rises when one is passed up
    set rf [open $rwndfile w]
    $dst set trace_all_ 0
    $dst trace rwnd_
    $dst attach $rf
    set app [new Application]
    $app attach-agent $src
    proc write {bytes} { global app; $app send $bytes }
} elseif {$transport in {sctp cmt}} {
    # The book's SCTP: one stream, delivered unordered (the order is restored offline: ns-2's
    # 16-bit stream sequence numbers stall ordered delivery after 65,536 messages when data is
    # out of order), rwnd and ssthresh 256 KiB, a SACK for every packet, pathMaxRetrans and
    # changePrimaryThresh 1, MTU 1508 (1500 cannot carry a 1460-byte message with its headers).
    set hs [$ns node]; set hr [$ns node]
    $ns multihome-add-interface $hs $s1
    $ns multihome-add-interface $hs $s2
    $ns multihome-add-interface $hr $r1
    $ns multihome-add-interface $hr $r2
    # cmt: CMT-SCTP (Iyengar et al.) over both paths at once, with split fast retransmit (SFR),
    # cwnd update for CMT (CUC) and the retransmission policy RTX_CWND; potentially-failed (PF) off
    # and the delayed-ack algorithm (DAC) off, as the book's CMT (SctpConfig cmt_dac False). DAC is
    # not idle with a SACK per packet: ns-2.35 counts the data packets a SACK reports only with
    # delayed SACKs (sctp-cmt.cc, ProcessChunk), so every SACK reports 0 and DAC adds a missing
    # report only when the SACK also acks a lower TSN of the same destination (ProcessGapAckBlocks).
    # The validation case cmt60-1e-2-dac turns it on (-set {useCmtDelAck_ 1}), ns-2's default.
    set agent [expr {$transport eq "cmt" ? "Agent/SCTP/CMT" : "Agent/SCTP"}]
    set src [new $agent]
    set dst [new $agent]
    foreach a [list $src $dst] {
        $a set mtu_ 1508
        $a set dataChunkSize_ 1476
        $a set initialRwnd_ 262144
        $a set initialSsthresh_ 262144
        $a set useDelayedSacks_ 0
        $a set pathMaxRetrans_ 1
        $a set changePrimaryThresh_ 1
        $a set numOutStreams_ 1
        $a set unordered_ 1
        $a set reliability_ 0
        $a set useMaxBurst_ 1
        if {[llength $layerrtx]} { $a set numUnrelStreams_ 1 }
        if {$transport eq "cmt"} {
            $a set useCmtReordering_ 1
            $a set useCmtCwnd_ 1
            $a set useCmtDelAck_ 0
            $a set eCmtRtxPolicy_ 4
            $a set useCmtPF_ 0
        }
    }
    $ns multihome-attach-agent $hs $src
    $ns multihome-attach-agent $hr $dst
    $ns connect $src $dst
    $src set-primary-destination $r1
    set app [new Application]
    $app attach-agent $src
    proc write {bytes} { global app; $app send $bytes }
} elseif {$transport eq "udp"} {
    # The book's RTP: each packet one datagram on the first path, its size the payload plus
    # the 40 header bytes the book counts (IPv4 20, UDP 8, RTP 12); packetSize_ above every
    # packet, so one send is one datagram.
    set src [new Agent/UDP]
    $src set packetSize_ 2000
    set dst [new Agent/Null]
    $ns attach-agent $s1 $src
    $ns attach-agent $r1 $dst
    $ns connect $src $dst
    proc write {bytes} { global src; $src send [expr {$bytes + 40}] }
} else {
    puts stderr "transport must be tcp, sctp, cmt, udp or ortiz, got $transport"
    exit 2
}

# ns-2 defaults restored on request (-set, -setsrc), after the book's settings
if {$transport eq "udp" && ([llength $overrides] || [llength $overrides_src])} {
    puts stderr "-set and -setsrc apply to the tcp, sctp, cmt and ortiz agents, not udp"
    exit 2
}
proc override {agent var value} {
    if {[catch {$agent set $var}]} {
        puts stderr "[$agent info class] has no variable $var"
        exit 2
    }
    $agent set $var $value
}
foreach {var value} $overrides { override $src $var $value; override $dst $var $value }
foreach {var value} $overrides_src { override $src $var $value }

# PR-SCTP per layer (-layerrtx; stream 0 made unreliable with the agents above): each message's limit set as
# it is written
if {[llength $layerrtx]} {
    if {$transport ni {sctp cmt}} {
        puts stderr "-layerrtx applies to the sctp and cmt transports"
        exit 2
    }
    set limits {}
    foreach k $layerrtx { lappend limits [expr {$k < 0 ? 65535 : $k}] }
    proc write {bytes layer} {
        global app src limits
        $src set reliability_ [lindex $limits $layer]
        $app send $bytes
    }
}

# the sender's state per destination (-agenttrace)
if {$agenttrace ne ""} {
    if {$transport ni {sctp cmt}} {
        puts stderr "-agenttrace applies to the sctp and cmt transports"
        exit 2
    }
    set af [open $agenttrace w]
    $src set trace_all_ 1
    $src attach $af
    # the variables are traced from 0.5 s on: a trace written while the association starts (its first
    # cwnd_ change) looks its destination's route up before the route is set (sctp.cc SetSource) and
    # stops ns-2 (Classifier no-slot)
    $ns at 0.5 {foreach var {cwnd_ rto_ errorCount_} { $src trace $var }}
}

# the schedule: one send per packet at its time
set fh [open $schedule r]
set n 0
while {[gets $fh line] >= 0} {
    lassign $line t bytes layer
    if {[llength $layerrtx]} {
        if {$layer eq ""} {
            puts stderr "-layerrtx needs a layer (third field) on every schedule line"
            exit 2
        }
        $ns at $t "write $bytes $layer"
    } else {
        $ns at $t "write $bytes"
    }
    incr n
}
close $fh
puts "scheduled $n packets"

proc finish {} {
    global ns tf rf transport src
    $ns flush-trace
    if {$transport eq "tcp"} {
        # FullTcp's counters: retransmission timeouts (tcp-full.cc timeout: ++nrexmit_) and window cuts
        puts "tcp nrexmit_ [$src set nrexmit_] ncwndcuts_ [$src set ncwndcuts_]"
    }
    close $tf
    if {[info exists rf]} { close $rf }
    if {[info exists af]} { close $af }
    exit 0
}
$ns at $tend "finish"
$ns run
